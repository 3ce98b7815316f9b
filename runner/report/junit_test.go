package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// xsdElement is one element of the JUnit XSD that Jenkins' xunit plugin
// ships (jenkinsci/xunit-plugin, junit-10.xsd, MIT): its attributes, which
// of them are required, and the elements it may contain. Written out by
// hand from the XSD; the XSD itself is not vendored.
type xsdElement struct {
	attrs    []string
	required []string
	children []string
}

var junitXSD = map[string]xsdElement{
	"testsuites": {
		attrs:    []string{"name", "time", "tests", "failures", "errors"},
		children: []string{"testsuite"},
	},
	"testsuite": {
		attrs: []string{"name", "tests", "failures", "errors", "group", "time", "skipped",
			"timestamp", "hostname", "id", "package", "file", "log", "url"},
		required: []string{"name", "tests", "failures", "errors"},
		children: []string{"testsuite", "properties", "testcase", "system-out", "system-err"},
	},
	"properties": {children: []string{"property"}},
	"property":   {attrs: []string{"name", "value"}, required: []string{"name", "value"}},
	"testcase": {
		attrs:    []string{"name", "time", "classname", "group"},
		required: []string{"name"},
		children: []string{"skipped", "error", "failure", "rerunFailure", "rerunError",
			"flakyFailure", "flakyError", "system-out", "system-err"},
	},
	"failure":      {attrs: []string{"type", "message"}},
	"error":        {attrs: []string{"type", "message"}},
	"skipped":      {attrs: []string{"type", "message"}},
	"system-out":   {},
	"system-err":   {},
	"rerunFailure": rerunType,
	"rerunError":   rerunType,
	"flakyFailure": rerunType,
	"flakyError":   rerunType,
	"stackTrace":   {},
}

var rerunType = xsdElement{
	attrs:    []string{"message", "type"},
	required: []string{"type"},
	children: []string{"stackTrace", "system-out", "system-err"},
}

// junitStructureProblems walks a JUnit document and returns every element
// or attribute the XSD does not allow where it is.
func junitStructureProblems(data []byte) (problems []string) {
	errorf := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	dec := xml.NewDecoder(bytes.NewReader(data))
	var stack []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			errorf("not well-formed XML: %v", err)
			return problems
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			name := tok.Name.Local
			el, ok := junitXSD[name]
			if !ok {
				errorf("<%s> is not a JUnit element", name)
			}
			if len(stack) == 0 {
				if name != "testsuites" && name != "testsuite" {
					errorf("root <%s>, want <testsuites> or <testsuite>", name)
				}
			} else if parent := stack[len(stack)-1]; !slices.Contains(junitXSD[parent].children, name) {
				errorf("<%s> inside <%s> is not allowed", name, parent)
			}
			var have []string
			for _, a := range tok.Attr {
				have = append(have, a.Name.Local)
				if !slices.Contains(el.attrs, a.Name.Local) {
					errorf("<%s %s=…>: no such attribute in the XSD", name, a.Name.Local)
				}
			}
			for _, r := range el.required {
				if !slices.Contains(have, r) {
					errorf("<%s> lacks required attribute %s", name, r)
				}
			}
			stack = append(stack, name)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	return problems
}

// The JUnit XML has only the elements and attributes of the JUnit XSD,
// where the XSD allows them.
func TestJUnitMatchesXSDStructure(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJUnit(&b, sampleDocument("ci-linux")); err != nil {
		t.Fatal(err)
	}
	for _, p := range junitStructureProblems(b.Bytes()) {
		t.Error(p)
	}
}

// The structure check itself catches what it is there to catch.
func TestJUnitStructureCheckCatches(t *testing.T) {
	for _, bad := range []string{
		`<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="x" file="f"/></testsuite></testsuites>`,
		`<testsuites><testsuite name="a" tests="1" failures="0"><testcase name="x"/></testsuite></testsuites>`,
		`<testsuites><testcase name="x"/></testsuites>`,
		`<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="x"><flakyFailure/></testcase></testsuite></testsuites>`,
		`<results/>`,
	} {
		if len(junitStructureProblems([]byte(bad))) == 0 {
			t.Errorf("accepted %s", bad)
		}
	}
}

type parsedJUnit struct {
	Tests    int `xml:"tests,attr"`
	Failures int `xml:"failures,attr"`
	Suites   []struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Skipped  int    `xml:"skipped,attr"`
		Hostname string `xml:"hostname,attr"`
		Props    []struct {
			Name  string `xml:"name,attr"`
			Value string `xml:"value,attr"`
		} `xml:"properties>property"`
		Cases []struct {
			Name      string `xml:"name,attr"`
			Classname string `xml:"classname,attr"`
			Time      string `xml:"time,attr"`
			Skipped   *struct {
				Message string `xml:"message,attr"`
			} `xml:"skipped"`
			Failure *struct {
				Type    string `xml:"type,attr"`
				Message string `xml:"message,attr"`
				Body    string `xml:",chardata"`
			} `xml:"failure"`
			Flaky []struct {
				Type string `xml:"type,attr"`
			} `xml:"flakyFailure"`
		} `xml:"testcase"`
	} `xml:"testsuite"`
}

// One testcase per run: UNSUPPORTED skipped with its reason, FAIL, XPASS,
// TIMEOUT and UNRESOLVED failures with the diagnosis, the rest passing.
func TestJUnitVerdicts(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJUnit(&b, sampleDocument("ci-linux")); err != nil {
		t.Fatal(err)
	}
	var got parsedJUnit
	if err := xml.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Tests != 8 || got.Failures != 4 || len(got.Suites) != 1 {
		t.Fatalf("tests=%d failures=%d suites=%d", got.Tests, got.Failures, len(got.Suites))
	}
	s := got.Suites[0]
	if s.Name != "native" || s.Skipped != 1 || s.Hostname != "ci-linux" || len(s.Cases) != 8 {
		t.Errorf("suite %s skipped=%d hostname=%s cases=%d", s.Name, s.Skipped, s.Hostname, len(s.Cases))
	}
	want := map[string]string{
		"default/3.12": "pass", "buggy/3.12": "FAIL", "fixed/3.12": "XPASS", "hang/3.12": "TIMEOUT",
		"pinned/3.12": "UNRESOLVED", "mac/3.12": "skipped", "known/3.13": "pass", "flaky/3.13": "flaky",
	}
	for _, c := range s.Cases {
		if c.Classname != "native/tls" {
			t.Errorf("%s: classname %q", c.Name, c.Classname)
		}
		verdict := "pass"
		switch {
		case c.Skipped != nil:
			verdict = "skipped"
		case c.Failure != nil:
			verdict = c.Failure.Type
		case len(c.Flaky) > 0:
			verdict = "flaky"
		}
		if verdict != want[c.Name] {
			t.Errorf("%s: %s, want %s", c.Name, verdict, want[c.Name])
		}
		if c.Name == "buggy/3.12" {
			if c.Failure.Message != "exit 139 (SIGSEGV), want 0 · segfault" ||
				!strings.Contains(c.Failure.Body, "case: corpus/native/tls.txtar:12") ||
				!strings.Contains(c.Failure.Body, `<module> & "x" 100%`) ||
				c.Time != "2.000" {
				t.Errorf("FAIL testcase: %+v", c)
			}
		}
		if c.Name == "mac/3.12" && !strings.Contains(c.Skipped.Message, "requires darwin") {
			t.Errorf("skipped message: %q", c.Skipped.Message)
		}
	}
	if len(s.Props) < 4 || s.Props[3].Name != "python.3.12" {
		t.Errorf("properties: %+v", s.Props)
	}
}
