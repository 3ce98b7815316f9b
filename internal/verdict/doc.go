// Package verdict holds every decision cleanexit makes about PASS or FAIL,
// as pure functions over what the stages before it recorded:
//
//   - [Python] judges one `python` command of a script: did it end the way
//     its variant declares (exit status, fatal signatures on stderr,
//     `clean: strict`, `stderr:`, `phase:`)?
//   - [Attempt] runs a script as often as repeat and retries ask, and
//     [Attempts.Status] turns what those attempts showed into a run's
//     status: PASS, FAIL, FLAKYPASS, XFAIL, XPASS, TIMEOUT or UNRESOLVED.
//   - [Prove] says whether a case discriminates, from the results of its
//     known-bad and good runs.
//
// The whole product of the tool is these verdicts, so they live apart from
// anything that starts a process: each is tested by tables, and the
// package is mutation-tested (see internal/mutation). Non-goals: running
// anything, reading files, or wording a report beyond the one-line reason.
package verdict
