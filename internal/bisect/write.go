package bisect

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/internal/atomicfile"
	"github.com/cleanexit/cleanexit/runner/cases"
	"gopkg.in/yaml.v3"
)

// A regression is what a bisection found, as a case records it: a
// `regressed` variant that installs the first bad release or commit, and a
// link to the change.
type regression struct {
	Packages []string // the regressed variant's packages, as case.yaml spells them
	Exit     string   // its exit expectation, written only where it has none
	Link     string   // added to links: unless present; "" adds none
}

// writeRegression adds or updates the `regressed` variant of the case in
// file, and its links, editing the text of case.yaml in place so that
// comments, order and the rest of the archive are kept. The result is
// validated with cases.Parse before anything is written: an edit that would
// break the case is an error, and the file is left as it was.
func writeRegression(file, project string, reg regression) error {
	data, err := cases.ReadFile(file)
	if err != nil {
		return err
	}
	out, err := editRegression(data, reg)
	if err != nil {
		return fmt.Errorf("%s: %v", file, err)
	}
	if _, err := cases.Parse(file, project, out); err != nil {
		return fmt.Errorf("%s: the edited case does not load, left unchanged:\n%v", file, err)
	}
	return atomicfile.Write(file, out, 0o644)
}

// editRegression is writeRegression's edit of an archive's bytes.
func editRegression(archive []byte, reg regression) ([]byte, error) {
	start, end, ok := caseYAMLSection(archive)
	if !ok {
		return nil, fmt.Errorf("no case.yaml section")
	}
	text := string(archive[start:end])
	edited, err := editCaseYAML(text, reg)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(archive[:start])
	b.WriteString(edited)
	b.Write(archive[end:])
	return b.Bytes(), nil
}

// caseYAMLSection finds the bytes of case.yaml in a txtar archive: from the
// line after its marker to the next marker or the end.
func caseYAMLSection(data []byte) (start, end int, ok bool) {
	offset := 0
	found := false
	for offset < len(data) {
		next := bytes.IndexByte(data[offset:], '\n')
		lineEnd := len(data)
		if next >= 0 {
			lineEnd = offset + next + 1
		}
		line := strings.TrimRight(string(data[offset:lineEnd]), "\r\n")
		if isMarker(line) {
			if found {
				return start, offset, true
			}
			if strings.TrimSpace(line[3:len(line)-3]) == "case.yaml" {
				found, start = true, lineEnd
			}
		}
		offset = lineEnd
	}
	return start, len(data), found
}

func isMarker(line string) bool {
	return len(line) >= 6 && strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --") &&
		strings.TrimSpace(line[3:len(line)-3]) != ""
}

// lineEdit replaces lines [from, to] (1-based, inclusive) with lines; to
// is from-1 for an insertion before from.
type lineEdit struct {
	from, to int
	lines    []string
}

func editCaseYAML(text string, reg regression) (string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return "", fmt.Errorf("case.yaml: %v", err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return "", fmt.Errorf("case.yaml is not a mapping")
	}
	root := doc.Content[0]
	trailingNL := strings.HasSuffix(text, "\n")
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	var edits []lineEdit

	if reg.Link != "" {
		e, err := linkEdit(lines, root, reg.Link)
		if err != nil {
			return "", err
		}
		if e != nil {
			edits = append(edits, *e)
		}
	}
	pkgs := "packages: " + flowList(reg.Packages)
	exit := "exit: " + reg.Exit
	vk, vv := member(root, "variants")
	switch {
	case vk == nil:
		block := []string{"variants:", "  regressed:", "    " + pkgs}
		if reg.Exit != "" {
			block = append(block, "    "+exit)
		}
		edits = append(edits, lineEdit{from: len(lines) + 1, to: len(lines), lines: block})
	case vv.Kind != yaml.MappingNode || vv.Style&yaml.FlowStyle != 0:
		return "", fmt.Errorf("case.yaml line %d: variants: is not a block mapping; add the regressed variant by hand", vk.Line)
	default:
		rk, rv := member(vv, "regressed")
		if rk == nil {
			col := vv.Content[0].Column - 1
			child := col + 2
			if first := vv.Content[1]; first.Kind == yaml.MappingNode && first.Style&yaml.FlowStyle == 0 && len(first.Content) > 0 {
				child = first.Content[0].Column - 1 // as the variants written so far
			}
			block := []string{indent(col) + "regressed:", indent(child) + pkgs}
			if reg.Exit != "" {
				block = append(block, indent(child)+exit)
			}
			at := extentEnd(lines, vk)
			edits = append(edits, lineEdit{from: at + 1, to: at, lines: block})
			break
		}
		if rv.Kind == yaml.MappingNode && rv.Style&yaml.FlowStyle != 0 {
			return "", fmt.Errorf("case.yaml line %d: variants: regressed: is a flow mapping; edit it by hand", rk.Line)
		}
		child := rk.Column - 1 + 2
		if rv.Kind == yaml.MappingNode && len(rv.Content) > 0 {
			child = rv.Content[0].Column - 1
		}
		var insert []string
		if pk, _ := member(rv, "packages"); pk != nil {
			edits = append(edits, lineEdit{from: pk.Line, to: extentEnd(lines, pk), lines: []string{indent(pk.Column-1) + pkgs}})
		} else {
			insert = append(insert, indent(child)+pkgs)
		}
		if ek, _ := member(rv, "exit"); ek == nil && reg.Exit != "" {
			insert = append(insert, indent(child)+exit)
		}
		if len(insert) > 0 {
			edits = append(edits, lineEdit{from: rk.Line + 1, to: rk.Line, lines: insert})
		}
	}

	sort.SliceStable(edits, func(i, j int) bool { return edits[i].from > edits[j].from })
	for _, e := range edits {
		tail := append([]string{}, lines[e.to:]...)
		lines = append(append(lines[:e.from-1], e.lines...), tail...)
	}
	out := strings.Join(lines, "\n")
	if trailingNL || len(edits) > 0 {
		out += "\n"
	}
	return out, nil
}

// linkEdit adds link to links: unless it is there already.
func linkEdit(lines []string, root *yaml.Node, link string) (*lineEdit, error) {
	lk, lv := member(root, "links")
	if lk == nil {
		return &lineEdit{from: len(lines) + 1, to: len(lines), lines: []string{"links: " + flowList([]string{link})}}, nil
	}
	var have []string
	switch lv.Kind {
	case yaml.ScalarNode:
		have = []string{lv.Value}
	case yaml.SequenceNode:
		for _, n := range lv.Content {
			have = append(have, n.Value)
		}
	}
	for _, h := range have {
		if h == link {
			return nil, nil
		}
	}
	end := extentEnd(lines, lk)
	if lv.Kind == yaml.SequenceNode && lv.Style&yaml.FlowStyle == 0 && len(lv.Content) > 0 {
		dash := lv.Content[0].Column - 3
		return &lineEdit{from: end + 1, to: end, lines: []string{indent(dash) + "- " + flowItem(link)}}, nil
	}
	if end != lk.Line {
		return nil, fmt.Errorf("case.yaml line %d: links: spans several lines in flow style; add %s by hand", lk.Line, link)
	}
	return &lineEdit{from: lk.Line, to: lk.Line, lines: []string{indent(lk.Column-1) + "links: " + flowList(append(have, link))}}, nil
}

// member finds key in a mapping node.
func member(m *yaml.Node, key string) (k, v *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// extentEnd is the last line of key's value in block YAML: the key's line
// and every following line indented deeper than the key, ignoring blank and
// comment lines after the last of them.
func extentEnd(lines []string, key *yaml.Node) int {
	end := key.Line
	for j := key.Line + 1; j <= len(lines); j++ {
		l := lines[j-1]
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if len(l)-len(strings.TrimLeft(l, " ")) <= key.Column-1 {
			break
		}
		end = j
	}
	return end
}

func indent(n int) string { return strings.Repeat(" ", max(n, 0)) }

func flowList(items []string) string {
	quoted := make([]string, len(items))
	for i, s := range items {
		quoted[i] = flowItem(s)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// flowItem quotes s when YAML's flow style would read it otherwise.
func flowItem(s string) string {
	if s == "" || strings.ContainsAny(s, ",[]{}#&*!|>'\"%`") || strings.Contains(s, ": ") ||
		strings.HasPrefix(s, "@") || strings.HasPrefix(s, "-") || strings.HasPrefix(s, "?") ||
		strings.TrimSpace(s) != s {
		var b strings.Builder
		b.WriteByte('"')
		for _, r := range s {
			switch r {
			case '"', '\\':
				b.WriteByte('\\')
				b.WriteRune(r)
			default:
				b.WriteRune(r)
			}
		}
		b.WriteByte('"')
		return b.String()
	}
	return s
}
