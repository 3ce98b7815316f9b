package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The package comment is what `go doc` shows: it must name every command,
// not the four it once did.
func TestDocNamesEveryCommand(t *testing.T) {
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	doc, _, _ := strings.Cut(string(src), "\npackage main")
	for _, c := range commands {
		name := c.Name
		if !regexp.MustCompile(`(?m)^//\tcleanexit ` + name + `\b`).MatchString(doc) {
			t.Errorf("main.go's package comment does not show `cleanexit %s`", name)
		}
	}
}
