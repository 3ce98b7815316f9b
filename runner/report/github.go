package report

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/runner/result"
)

// GitHub Actions reads workflow commands from a step's output: an
// `::error file=F,line=L,title=T::message` line becomes an annotation on
// line L of F in the pull request's diff, and Markdown appended to the
// file $GITHUB_STEP_SUMMARY becomes the job's summary page.

// InActions says whether this process runs as a step of a GitHub Actions
// job, where the runner reads workflow commands from the step's output.
func InActions(getenv func(string) string) bool {
	return getenv("GITHUB_ACTIONS") == "true"
}

// Annotations writes one workflow command per run that needs a reader's
// attention: an error for FAIL, XPASS, TIMEOUT and UNRESOLVED, a warning
// for FLAKYPASS. Each points at the variant's declaration in the case
// file; workspace, when not empty, is the repository root that absolute
// file names are made relative to, as GitHub wants them.
func Annotations(w io.Writer, results []result.Result, workspace string) {
	for _, r := range results {
		level := ""
		switch {
		case r.Status.Failed():
			level = "error"
		case r.Status == result.FlakyPass:
			level = "warning"
		default:
			continue
		}
		file := r.File
		if workspace != "" && filepath.IsAbs(file) {
			if rel, err := filepath.Rel(workspace, file); err == nil && !strings.HasPrefix(rel, "..") {
				file = rel
			}
		}
		msg := r.Reason
		if r.Signature != "" && !strings.Contains(msg, r.Signature) {
			msg += "\n" + r.Signature
		}
		if tail := strings.TrimSpace(r.StderrTail); tail != "" {
			msg += "\n\nstderr (last lines):\n" + tail
		}
		// The message is shown in the pull request, and the line in the
		// log: a case's escapes go as text (see Visible).
		fmt.Fprintln(w, WorkflowCommand(level, file, r.Line, string(r.Status)+" "+VisibleName(r.ID), Visible(msg)))
	}
}

// WorkflowCommand is one `::level file=F,line=L,title=T::message` line,
// escaped as @actions/core does; an empty file or title, or a line of 0,
// is left out. Every annotation cleanexit writes (run's results, check's
// problems) is made here.
func WorkflowCommand(level, file string, line int, title, msg string) string {
	var props []string
	if file != "" {
		props = append(props, "file="+escapeProperty(filepath.ToSlash(file)))
	}
	if line > 0 {
		props = append(props, fmt.Sprintf("line=%d", line))
	}
	if title != "" {
		props = append(props, "title="+escapeProperty(title))
	}
	cmd := "::" + level
	if len(props) > 0 {
		cmd += " " + strings.Join(props, ",")
	}
	return cmd + "::" + escapeData(msg)
}

// escapeData escapes a workflow command's message, as @actions/core does.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's property value, which also
// may not hold the separators ':' and ','.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// StepSummary writes the Markdown of a job summary: the counts, then every
// run that needs attention with its diagnosis, then the matrix of the
// whole run.
func StepSummary(w io.Writer, d *Document) {
	results := d.Models()
	fmt.Fprintf(w, "## cleanexit on %s\n\n", hostLabel(d.Host))
	fmt.Fprintf(w, "%s\n\n", SummaryLine(results, duration(d.ElapsedS)))
	var bad []result.Result
	for _, r := range results {
		if r.Status.Failed() || r.Status == result.FlakyPass {
			bad = append(bad, r)
		}
	}
	if len(bad) > 0 {
		fmt.Fprintf(w, "| status | run | diagnosis |\n|---|---|---|\n")
		for _, r := range bad {
			loc := r.File
			if r.Line > 0 {
				loc = fmt.Sprintf("%s:%d", r.File, r.Line)
			}
			fmt.Fprintf(w, "| %s %s | %s | %s (%s) |\n", statusEmoji[r.Status], r.Status, mdCode(r.ID), mdCell(r.Reason), mdCode(loc))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "<details><summary>All runs</summary>\n\n")
	WriteMarkdown(w, Merge([]*Document{d}))
	fmt.Fprintf(w, "\n</details>\n")
}

func hostLabel(h Host) string {
	s := h.Name
	if h.OS != "" {
		s += " (" + h.OS + "/" + h.Arch + ")"
	}
	return s
}
