package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/cleanexit/cleanexit/runner/result"
)

// statusEmoji gives Markdown, which has no colour, a colour per status.
var statusEmoji = map[result.Status]string{
	result.Pass:        "🟢",
	result.FlakyPass:   "🟡",
	result.XFail:       "🟢",
	result.Unsupported: "⚪",
	result.Fail:        "🔴",
	result.XPass:       "🔴",
	result.Unresolved:  "🟣",
	result.Timeout:     "🟠",
}

// WriteMarkdown writes a matrix as a GitHub-flavoured Markdown table: the
// hosts, the counts, then a row per case variant and a column per host ×
// interpreter, each cell the status and the signal that ended the run.
// Rows that fail anywhere come first, and a Failures section after the
// table gives each failure its reason and first stderr lines, so that a
// pull request comment says what broke without opening an artifact.
func WriteMarkdown(w io.Writer, m *Matrix) {
	fmt.Fprintf(w, "| host | os/arch | cpu | interpreters |\n|---|---|---|---|\n")
	for _, h := range m.Hosts {
		var ins []string
		for _, in := range h.Interpreters {
			ins = append(ins, in.Python+" ("+in.Version+")")
		}
		fmt.Fprintf(w, "| %s | %s/%s | %s | %s |\n", mdCell(h.Name), h.OS, h.Arch, mdCell(h.CPUModel), mdCell(strings.Join(ins, ", ")))
	}
	fmt.Fprintf(w, "\n%s\n\n", countLine(m.Summary))
	if len(m.Columns) == 0 {
		fmt.Fprintln(w, "No runs.")
		return
	}
	head := []string{"case/variant"}
	sep := []string{"---"}
	for _, c := range m.Columns {
		head = append(head, mdCell(c.Host)+"<br>"+c.Python)
		sep = append(sep, ":---:")
	}
	fmt.Fprintf(w, "| %s |\n| %s |\n", strings.Join(head, " | "), strings.Join(sep, " | "))
	for _, r := range m.Rows {
		cells := []string{mdCode(r.Key)}
		for _, c := range r.Cells {
			cells = append(cells, mdStatus(c))
		}
		fmt.Fprintf(w, "| %s |\n", strings.Join(cells, " | "))
	}
	writeFailures(w, m)
}

// stderrLines is how many lines of stderr a failure shows in Markdown.
const stderrLines = 6

// writeFailures lists every failing cell: where, what, and its stderr.
func writeFailures(w io.Writer, m *Matrix) {
	first := true
	for _, r := range m.Rows {
		for i, c := range r.Cells {
			if !c.Status.Failed() {
				continue
			}
			if first {
				fmt.Fprintf(w, "\n### Failures\n\n")
				first = false
			}
			col := m.Columns[i]
			fmt.Fprintf(w, "- %s on %s, python %s: %s %s", mdCode(r.Key), mdCell(col.Host), col.Python, statusEmoji[c.Status], c.Status)
			if c.Reason != "" {
				fmt.Fprintf(w, " · %s", mdCell(c.Reason))
			}
			fmt.Fprintln(w)
			if lines := firstLines(c.Stderr, stderrLines); lines != "" {
				fence := "```"
				for strings.Contains(lines, fence) {
					fence += "`"
				}
				fmt.Fprintf(w, "  %s\n", fence)
				for _, l := range strings.Split(lines, "\n") {
					fmt.Fprintf(w, "  %s\n", l)
				}
				fmt.Fprintf(w, "  %s\n", fence)
			}
		}
	}
}

// firstLines is the first n lines of s, without trailing blank ones.
func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.TrimRight(Visible(strings.Join(lines, "\n")), "\n")
}

func mdStatus(c Cell) string {
	if c.Status == "" {
		return "·"
	}
	s := statusEmoji[c.Status] + " " + string(c.Status)
	if c.Signal != "" {
		s += " " + c.Signal
	}
	if c.Phase != "" {
		s += " " + c.Phase
	}
	return s
}

// countLine reads "12 PASS, 2 FAIL".
func countLine(counts map[result.Status]int) string {
	var parts []string
	total := 0
	for _, s := range result.Statuses {
		if n := counts[s]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, s))
			total += n
		}
	}
	if total == 0 {
		return "0 runs"
	}
	return fmt.Sprintf("%d runs: %s", total, strings.Join(parts, ", "))
}

// mdCell keeps a value from breaking a table row.
// mdCode is a name as a code span of a table cell: one line (VisibleName),
// its | escaped, and fenced with two backticks where it holds one.
func mdCode(s string) string {
	s = strings.ReplaceAll(VisibleName(s), "|", `\|`)
	if strings.Contains(s, "`") {
		return "`` " + s + " ``"
	}
	return "`" + s + "`"
}

func mdCell(s string) string {
	s = strings.ReplaceAll(Visible(s), "|", `\|`)
	return strings.Join(strings.Fields(s), " ")
}
