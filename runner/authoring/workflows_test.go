package authoring

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
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
