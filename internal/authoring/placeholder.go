package authoring

import (
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// The placeholders `new` and `import` write where only the author knows
// what to say. They are distinct words, not a bare TODO, so that a repro
// file's own TODO comments are never mistaken for them.
const (
	storyPlaceholder   = "TODO(story)"
	summaryPlaceholder = "TODO(summary)"
	reproPlaceholder   = "TODO(repro)"
)

// reproStub is the repro `new` writes when it is given none.
const reproStub = "# " + reproPlaceholder + ": the smallest program that ends badly at exit: import the\n" +
	"# extension, do the one thing that leaves a reference behind, and return.\n"

// storyTemplate is the comment `new` and `import` open a case with: the
// story of the bug is what a reviewer, and whoever meets the crash again,
// reads first.
var storyTemplate = []string{
	storyPlaceholder + ": tell the story of this crash, then delete this paragraph.",
	"  What the program does and how it ends (exit status, the fatal error);",
	"  which versions crash and which do not, and the link that says so;",
	"  what is released after Py_FinalizeEx, and what the fix changed.",
}

// placeholderRule finds a template placeholder left in the script or in
// case.yaml.
func placeholderRule(c *cases.Case, data []byte) cases.ErrorList {
	var errs cases.ErrorList
	lines := strings.Split(string(data), "\n")
	yamlFirst, yamlLast := 0, -1 // 1-based lines of case.yaml's text
	if start, end, ok := caseYAMLSpan(data); ok {
		yamlFirst, yamlLast = lineAt(data, start), lineAt(data, end)-1
	}
	script := scriptEnd(lines)
	for i, l := range lines {
		n := i + 1
		if i >= script && (n < yamlFirst || n > yamlLast) {
			continue
		}
		switch {
		case strings.Contains(l, storyPlaceholder):
			errs = append(errs, &cases.Error{File: c.File, Line: n, Msg: "the story template is still here: replace it with what crashed, on which versions, and why"})
		case strings.Contains(l, summaryPlaceholder):
			errs = append(errs, &cases.Error{File: c.File, Line: n, Msg: "summary: still the template's placeholder; say in one line what broke"})
		}
	}
	markers := markerLinesByName(data)
	for _, f := range c.Files {
		if strings.Contains(string(f.Data), reproPlaceholder) {
			errs = append(errs, &cases.Error{File: c.File, Line: markers[f.Name], Msg: f.Name + " is still the template's stub; put the repro here (cleanexit new --from FILE writes it for you)"})
		}
	}
	return errs
}

// scriptEnd is the index of the first file marker line: the script is
// every line before it.
func scriptEnd(lines []string) int {
	for i, l := range lines {
		if _, ok := markerName([]byte(l)); ok {
			return i
		}
	}
	return len(lines)
}
