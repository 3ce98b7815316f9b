// Package authoring is how a case gets written and reviewed: the
// `cleanexit new`, `import` and `fmt` commands, the extra rules the PR gate
// (`cleanexit check`) holds a case to, and the choice of cases a pull
// request touched (`cleanexit run --changed`).
//
// The core format — what a case is, which keys and features exist, where an
// error points — is runner/cases; a case that loads there is runnable.
// Authoring adds what a reviewer would otherwise have to say by hand: the
// template's placeholders are filled in, every expected failure points at
// a link, the script runs files the archive holds, nothing large or binary
// is checked in, and case.yaml is in canonical form so that reviews diff
// cleanly.
//
// Non-goals: running cases (runner), proving that a case discriminates
// (`cleanexit prove`), and fetching anything from the network: a crash
// report is reduced by hand, and `import` reads a local file.
package authoring
