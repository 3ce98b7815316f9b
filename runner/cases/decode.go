package cases

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"

	"github.com/cleanexit/cleanexit/internal/suggest"
	"github.com/cleanexit/cleanexit/internal/yamlmap"
	"gopkg.in/yaml.v3"
)

// A decoder turns YAML nodes into values, recording every problem at its
// line of the .txtar (offset is the archive line just before case.yaml's
// first line).
type decoder struct {
	file   string
	offset int
	errs   ErrorList
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	line := 0
	if n != nil {
		line = n.Line + d.offset
	}
	d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// yamlError moves a yaml.v3 syntax error to the right line of the archive.
var yamlLineRE = lazyregexp.New(`^yaml: line (\d+): (.*)$`)

func (d *decoder) syntaxError(err error) {
	msg := err.Error()
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		// yaml.v3 reports an unclosed flow collection at the line before
		// the one that opens it (a 0-based context mark); point at the
		// opening line, where the user must look.
		if strings.HasPrefix(m[2], "did not find expected ',' or") {
			n++
		}
		d.errs = append(d.errs, &Error{File: d.file, Line: n + d.offset, Msg: "case.yaml: " + m[2]})
		return
	}
	d.errs = append(d.errs, &Error{File: d.file, Line: d.offset + 1, Msg: "case.yaml: " + strings.TrimPrefix(msg, "yaml: ")})
}

// mapping walks a mapping node, calling f for each key in order, and
// reports unknown keys with a suggestion. It returns false when n is not a
// mapping.
func (d *decoder) mapping(n *yaml.Node, what string, known []string, f func(key string, k, v *yaml.Node)) bool {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s must be a mapping of keys to values", what)
		return false
	}
	seen := map[string]bool{}
	for k, v := range yamlmap.Entries(n) {
		key := k.Value
		if seen[key] {
			d.errorf(k, "%s: key %q appears twice", what, key)
			continue
		}
		seen[key] = true
		if !contains(known, key) {
			msg := fmt.Sprintf("%s: unknown key %q", what, key)
			if sug := closest(key, known); sug != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", sug)
			} else {
				msg += fmt.Sprintf(" (known keys: %s)", strings.Join(sorted(known), ", "))
			}
			d.errorf(k, "%s", msg)
			continue
		}
		f(key, k, v)
	}
	return true
}

func (d *decoder) str(n *yaml.Node, key string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.errorf(n, "%s: want a string", key)
		return "", false
	}
	return n.Value, true
}

// strings accepts a string or a list of strings.
func (d *decoder) strings(n *yaml.Node, key string, scalarOK bool) ([]string, []int) {
	if n.Kind == yaml.ScalarNode && scalarOK && n.Tag != "!!null" {
		return []string{n.Value}, []int{n.Line + d.offset}
	}
	if n.Kind != yaml.SequenceNode {
		if scalarOK {
			d.errorf(n, "%s: want a string or a list of strings", key)
		} else {
			d.errorf(n, "%s: want a list of strings", key)
		}
		return nil, nil
	}
	var out []string
	var lines []int
	for _, e := range n.Content {
		if e.Kind != yaml.ScalarNode || e.Tag == "!!null" {
			d.errorf(e, "%s: want a string, not %s", key, kindName(e))
			continue
		}
		out = append(out, e.Value)
		lines = append(lines, e.Line+d.offset)
	}
	return out, lines
}

func (d *decoder) integer(n *yaml.Node, key string, min int) (int, bool) {
	i, err := strconv.Atoi(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil {
		d.errorf(n, "%s: want a whole number", key)
		return 0, false
	}
	if i < min {
		d.errorf(n, "%s: want a number ≥ %d, not %d", key, min, i)
		return 0, false
	}
	return i, true
}

func (d *decoder) duration(n *yaml.Node, key string) (time.Duration, bool) {
	s, ok := d.str(n, key)
	if !ok {
		return 0, false
	}
	t, err := time.ParseDuration(s)
	if err != nil {
		d.errorf(n, "%s: %q is not a duration (want e.g. 30s, 2m)", key, s)
		return 0, false
	}
	if t <= 0 {
		d.errorf(n, "%s: want a positive duration, not %s", key, s)
		return 0, false
	}
	return t, true
}

func (d *decoder) boolean(n *yaml.Node, key string) (bool, bool) {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!bool" {
		return n.Value == "true", true
	}
	d.errorf(n, "%s: want true or false", key)
	return false, false
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return "a scalar"
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func sorted(list []string) []string {
	out := append([]string(nil), list...)
	sort.Strings(out)
	return out
}

// closest returns the known key within edit distance 2 of key, or "".
func closest(key string, known []string) string {
	return suggest.Closest(key, known, 2)
}
