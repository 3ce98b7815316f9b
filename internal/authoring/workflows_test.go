package authoring

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/toolchains"
)

// The workflows run only what a contributor can read about: every
// `cleanexit` subcommand and flag they use appears in README.md or
// CONTRIBUTING.md, so that CI is something a newcomer can repeat by hand.
func TestWorkflowsUseDocumentedCommands(t *testing.T) {
	root := filepath.Join("..", "..")
	var docs strings.Builder
	for _, f := range []string{"README.md", "CONTRIBUTING.md"} {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		docs.Write(data)
	}
	workflows, _ := filepath.Glob(filepath.Join(root, ".github", "workflows", "*.yml"))
	if len(workflows) < 2 {
		t.Fatalf("want corpus.yml and pr.yml, found %q", workflows)
	}
	// A command runs to the end of its line, or of a folded (>-) block.
	cmdRE := regexp.MustCompile(`go run \./cmd/cleanexit ([a-z]+(?: merge)?)((?:[^\n]|\n {10,}[^\n])*)`)
	flagRE := regexp.MustCompile(`(?:^|\s)(--[a-z-]+)`)
	seen := 0
	for _, w := range workflows {
		data, err := os.ReadFile(w)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cmdRE.FindAllStringSubmatch(string(data), -1) {
			seen++
			if !strings.Contains(docs.String(), "cleanexit "+m[1]) {
				t.Errorf("%s runs `cleanexit %s`, which neither README.md nor CONTRIBUTING.md documents", filepath.Base(w), m[1])
			}
			for _, f := range flagRE.FindAllStringSubmatch(m[2], -1) {
				if !strings.Contains(docs.String(), f[1]) {
					t.Errorf("%s runs `cleanexit %s %s`, a flag neither README.md nor CONTRIBUTING.md documents", filepath.Base(w), m[1], f[1])
				}
			}
		}
	}
	if seen < 5 {
		t.Errorf("found only %d cleanexit commands in the workflows; the pattern is out of date", seen)
	}
}

// The corpus workflow runs one interpreter per job with --filter
// "/<python>$": each matrix entry must pick the runs of the interpreter
// setup-python installs for it (3.14t: the free-threaded build, labelled
// 3.14t in run IDs) and no other job's.
func TestCorpusWorkflowFiltersMatchRunLabels(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", ".github", "workflows", "corpus.yml"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s+python: \[([^\]]*)\]`).FindStringSubmatch(string(data))
	if m == nil || !strings.Contains(string(data), `--filter "/${{ matrix.python }}$"`) {
		t.Fatal(`corpus.yml: no matrix python list, or no --filter "/${{ matrix.python }}$"; this test is out of date`)
	}
	var pythons []string
	for _, p := range strings.Split(m[1], ",") {
		pythons = append(pythons, strings.Trim(strings.TrimSpace(p), `"`))
	}
	if !slices.Contains(pythons, "3.14t") {
		t.Errorf("corpus.yml runs %q: no free-threaded 3.14t job", pythons)
	}
	label := func(py string) string {
		var in toolchains.Interpreter
		v, ft := strings.CutSuffix(py, "t")
		if _, err := fmt.Sscanf(v, "%d.%d", &in.Major, &in.Minor); err != nil {
			t.Fatalf("corpus.yml: python %q: %v", py, err)
		}
		in.FreeThreaded = ft
		return "native/c/default/" + in.ShortVersion()
	}
	for _, job := range pythons {
		filter := regexp.MustCompile("/" + job + "$")
		for _, other := range pythons {
			if got := filter.MatchString(label(other)); got != (other == job) {
				t.Errorf("job %s's --filter %s matches %s: %v", job, filter, label(other), got)
			}
		}
	}
}
