package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/runner/result"
)

// JUnit XML, as the JUnit XSD that Jenkins' xunit plugin ships
// (junit-10.xsd) defines it, which GitHub, GitLab and Jenkins reporters
// read: one testsuite per project, one testcase per run, named by its case
// (classname project/case) and the rest of its ID (name variant/python), so
// that classname + "/" + name is the run ID.

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Timestamp  string          `xml:"timestamp,attr,omitempty"`
	Hostname   string          `xml:"hostname,attr,omitempty"`
	Properties []junitProperty `xml:"properties>property"`
	Cases      []junitCase     `xml:"testcase"`
	seconds    float64
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name      string         `xml:"name,attr"`
	Classname string         `xml:"classname,attr"`
	Time      string         `xml:"time,attr"`
	Skipped   *junitMessage  `xml:"skipped"`
	Failure   *junitMessage  `xml:"failure"`
	Flaky     []junitMessage `xml:"flakyFailure"`
	SystemOut string         `xml:"system-out,omitempty"`
}

type junitMessage struct {
	Type    string `xml:"type,attr"`
	Message string `xml:"message,attr"`
	Body    string `xml:",chardata"`
}

// WriteJUnit writes the document as JUnit XML. UNSUPPORTED runs are
// skipped with their reason; FAIL, XPASS, TIMEOUT and UNRESOLVED are
// failures whose message is the diagnosis and whose body is the detail the
// terminal prints; a FLAKYPASS passes with a flakyFailure, as surefire
// marks a test that passed on a rerun.
func WriteJUnit(w io.Writer, d *Document) error {
	top := junitSuites{Name: "cleanexit", Time: junitTime(d.ElapsedS)}
	byProject := map[string]*junitSuite{}
	var projects []string
	for _, r := range d.Results {
		s := byProject[r.Project]
		if s == nil {
			s = &junitSuite{
				Name:       r.Project,
				Timestamp:  d.Started.Format("2006-01-02T15:04:05"),
				Hostname:   d.Host.Name,
				Properties: junitProperties(d),
			}
			byProject[r.Project] = s
			projects = append(projects, r.Project)
		}
		c := junitCase{
			Name:      strings.TrimPrefix(r.ID, r.Project+"/"+r.Case+"/"),
			Classname: r.Project + "/" + r.Case,
			Time:      junitTime(r.DurationS),
		}
		m := r.Model()
		st := m.Status
		switch {
		case st == result.Unsupported:
			c.Skipped = &junitMessage{Type: string(st), Message: r.Reason}
			s.Skipped++
		case st.Failed():
			c.Failure = &junitMessage{Type: string(st), Message: r.Reason, Body: detail(m)}
			s.Failures++
		case st == result.FlakyPass:
			c.Flaky = []junitMessage{{Type: string(result.Fail), Message: r.Reason, Body: detail(m)}}
		}
		if st == result.XFail || st == result.FlakyPass {
			c.SystemOut = string(st) + ": " + r.Reason
		}
		s.Cases = append(s.Cases, c)
		s.Tests++
		s.seconds += r.DurationS
		s.Time = junitTime(s.seconds)
	}
	sort.Strings(projects)
	for _, p := range projects {
		s := byProject[p]
		top.Suites = append(top.Suites, *s)
		top.Tests += s.Tests
		top.Failures += s.Failures
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(top); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// junitProperties say where the runs ran, for a reader of one CI job.
func junitProperties(d *Document) []junitProperty {
	p := []junitProperty{
		{"host.os", d.Host.OS},
		{"host.arch", d.Host.Arch},
		{"host.cpu", d.Host.CPUModel},
	}
	for _, in := range d.Interpreters {
		p = append(p, junitProperty{"python." + in.Python, in.Implementation + " " + in.Version + " " + in.RealPath})
	}
	return p
}

// detail is what a reader of one failure needs: where the case is, how the
// process ended, and what it printed.
func detail(r result.Result) string {
	var b strings.Builder
	loc := r.File
	if r.Line > 0 {
		loc = fmt.Sprintf("%s:%d", r.File, r.Line)
	}
	fmt.Fprintf(&b, "case: %s\n", loc)
	if r.Version != "" {
		fmt.Fprintf(&b, "python: %s (%s)\n", r.Version, r.Interpreter)
	}
	if r.Override != "" {
		fmt.Fprintf(&b, "override: %s\n", r.Override)
	}
	if r.Expected != "" || r.Actual != "" {
		fmt.Fprintf(&b, "exit: %s, want %s\n", orDash(r.Actual), orDash(r.Expected))
	}
	if r.Signature != "" {
		fmt.Fprintf(&b, "signature: %s\n", r.Signature)
	}
	for _, w := range r.Warnings {
		fmt.Fprintf(&b, "warning: %s\n", w)
	}
	section := func(title, body string) {
		if body = strings.TrimRight(body, "\n"); body != "" {
			fmt.Fprintf(&b, "\n%s:\n%s\n", title, body)
		}
	}
	if n := r.Native; n != nil {
		if n.Found() {
			fmt.Fprintf(&b, "native: %s\n", nativeHeadline(n))
		} else if n.Note != "" {
			fmt.Fprintf(&b, "backtrace: %s\n", n.Note)
		}
	}
	section("faulthandler", r.Traceback)
	if !strings.Contains(r.Traceback, strings.TrimSpace(r.StderrTail)) {
		section("stderr (last lines)", r.StderrTail)
	}
	if r.Native.Found() {
		section("native stacks ("+r.Native.Debugger+")", r.Native.Stacks)
	}
	section("script", r.Log)
	return b.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func junitTime(s float64) string { return fmt.Sprintf("%.3f", s) }
