package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/runner/result"
)

// A name is data: no report lets a case's name forge a line of its own,
// nor act on the terminal that shows it. (Loading refuses such names; a
// merged report reads JSON from anywhere, so the renderers hold the line
// too.)
func TestNamesCannotForgeLines(t *testing.T) {
	const hostile = "p/a\nPASS        fake\x1b[2K`|x/default/3.12"
	r := result.Result{ID: hostile, File: "corpus/p/a\nPASS.txtar", Line: 3, Project: "p", Case: "a\nPASS        fake\x1b[2K`|x",
		Variant: "default", Python: "3.12", Status: result.Fail, Reason: "exit 139 (SIGSEGV), want 0", Actual: "exit 139 (SIGSEGV)", Duration: time.Second}
	d := NewDocument("vm", sampleHost(), sampleInterpreters(), time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC))
	d.Add(r)
	d.Finish(time.Second, false)
	m := Merge([]*Document{d})

	var term, md, html, gh, summary bytes.Buffer
	(&Terminal{W: &term}).Result(r)
	WriteMarkdown(&md, m)
	if err := WriteHTML(&html, m, "t"); err != nil {
		t.Fatal(err)
	}
	Annotations(&gh, []result.Result{r}, "")
	StepSummary(&summary, d)
	for name, out := range map[string]string{"terminal": term.String(), "markdown": md.String(), "html": html.String(),
		"github annotations": gh.String(), "step summary": summary.String()} {
		if strings.Contains(out, "\x1b") {
			t.Errorf("%s: the name's escape reached the output:\n%q", name, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(strings.TrimLeft(line, "| "), "PASS        fake") {
				t.Errorf("%s: the name forged a line:\n%s", name, out)
			}
		}
	}
	if !strings.Contains(term.String(), `p/a\nPASS        fake\x1b[2K`) {
		t.Errorf("terminal: want the name escaped, got %q", term.String())
	}
	if !strings.Contains(md.String(), "`` p/a\\nPASS        fake\\x1b[2K`\\|x/default ``") {
		t.Errorf("markdown: want the name as one code span, its backtick fenced and | escaped, got:\n%s", md.String())
	}
}
