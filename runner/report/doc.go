// Package report renders results for people and machines. Each format is
// one small renderer over the one result model (package result):
//
//   - Terminal: a line per run, the diagnosis of failures, a summary line;
//     Progress keeps a live status line under it on a terminal, and
//     WriteTimings is --time-tests.
//   - Document: the JSON report (--json), schema "cleanexit-report/1",
//     documented field by field in docs/report-json.md. Tests decode it
//     strictly against that document, so the two cannot drift.
//   - WriteJUnit: JUnit XML with the elements and attributes of the JUnit
//     XSD (Jenkins xunit's junit-10.xsd) that GitHub, GitLab and Jenkins
//     reporters read.
//   - Annotations and StepSummary: GitHub Actions workflow commands that
//     point at the case file's line, and a job summary in Markdown.
//   - Merge, WriteMarkdown and WriteHTML: several JSON reports (hosts, or
//     shards of one host) as one matrix of case/variant × host ×
//     interpreter; the HTML is one self-contained, sortable page.
//
// Much of what a report shows was written by a case: its output, the
// lines of its file, its name. It is shown, never obeyed: the terminal
// and the Markdown show control characters as escapes (Visible), and in a
// GitHub Actions log a result that holds a line the runner would take for
// a workflow command is fenced off from it (Terminal.Actions).
//
// Non-goals: deciding verdicts (runner does), and reading anything but
// this package's own JSON documents.
package report
