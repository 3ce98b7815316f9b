// Package result is the one model of what happened to a run, shared by
// every report: the terminal, `go test`, and package report's JSON,
// JUnit, GitHub, Markdown and HTML renderings.
//
// The vocabulary is lit's, so that people who know lit read it at once:
// PASS, FAIL, XFAIL, XPASS, UNSUPPORTED, UNRESOLVED, TIMEOUT and FLAKYPASS.
package result
