package main

import (
	"os"
	"strings"
)

// A listLine is one entry of targets.txt or survivors.txt, with its line
// number, for errors that point at it.
type listLine struct {
	n    int
	text string // as written, untrimmed
}

// readList reads one of the list files: its lines that are neither blank
// nor a # comment.
func readList(name string) ([]listLine, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var out []listLine
	for i, line := range strings.Split(string(data), "\n") {
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		out = append(out, listLine{i + 1, line})
	}
	return out, nil
}
