package authoring

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/internal/yamlmap"
	"gopkg.in/yaml.v3"
)

// formatArchive returns a case archive with its case.yaml in canonical
// form. It works on the archive's text: every byte outside case.yaml is
// kept, so the story, the script and the repro files are never touched. An
// archive with no case.yaml is returned unchanged (the core reports it).
// case.yaml keeps its line endings, so that formatting never mixes CRLF
// into an LF archive or LF into a CRLF one; a case.yaml that already mixes
// them is refused rather than half converted.
func formatArchive(data []byte) ([]byte, error) {
	start, end, ok := caseYAMLSpan(data)
	if !ok {
		return data, nil
	}
	crlf := bytes.Count(data[start:end], []byte("\r\n"))
	lf := bytes.Count(data[start:end], []byte("\n")) - crlf
	if crlf > 0 && lf > 0 {
		return nil, fmt.Errorf("case.yaml mixes CRLF and LF line endings (%d and %d lines); make them all LF (dos2unix) before formatting", crlf, lf)
	}
	formatted, err := formatCaseYAML(data[start:end])
	if err != nil {
		return nil, err
	}
	if crlf > 0 {
		formatted = bytes.ReplaceAll(formatted, []byte("\n"), []byte("\r\n"))
	}
	out := make([]byte, 0, len(data)+len(formatted)-(end-start))
	out = append(out, data[:start]...)
	out = append(out, formatted...)
	out = append(out, data[end:]...)
	return out, nil
}

// formatCaseYAML returns case.yaml's text in canonical form: keys in
// cases.KeyOrder at the top and in every variant, the keys of index in
// cases.IndexKeyOrder, no trailing spaces, one final newline. It moves whole
// lines — a key with its value and the comment lines just above it — and
// changes nothing inside them, so quoting, flow or block style and
// comments stay as the author wrote them and a review shows only the move.
// A mapping written in flow style ({a: 1, b: 2}) is left in its order.
func formatCaseYAML(src []byte) ([]byte, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		return src, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, fmt.Errorf("%w (%s); fix it before formatting", errInvalidYAML, strings.TrimPrefix(err.Error(), "yaml: "))
	}
	// YAML counts a lone CR as a line break too; so must the line
	// numbers we move lines by.
	text := strings.ReplaceAll(strings.ReplaceAll(string(src), "\r\n", "\n"), "\r", "\n")
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	if len(doc.Content) > 0 {
		lines = reorder(lines, 1, doc.Content[0], caseLevel)
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1] // a moved entry's blank lines, or the file's own
	}
	out := []byte(strings.Join(lines, "\n") + "\n")
	if err := sameMeaning(src, out); err != nil {
		return nil, err
	}
	return out, nil
}

// A level says how to order one mapping and the mappings inside it.
type level struct {
	order    []string
	children func(key string) *level // nil: leave the value as written
}

var (
	indexLevel   = &level{order: indexKeyOrder}
	variantLevel = &level{order: caseKeyOrder, children: func(key string) *level {
		if key == "index" {
			return indexLevel
		}
		return nil
	}}
	variantsLevel = &level{children: func(string) *level { return variantLevel }}
	caseLevel     = &level{order: caseKeyOrder, children: func(key string) *level {
		switch key {
		case "index":
			return indexLevel
		case "variants":
			return variantsLevel
		}
		return nil
	}}
)

// reorder sorts the entries of the block mapping n, whose text is lines
// (the first of them is line first of the document), and recurses into
// the values lv names. An entry is its key's line, the comment lines just
// above it, and every line up to the next entry.
func reorder(lines []string, first int, n *yaml.Node, lv *level) []string {
	if n == nil || n.Kind != yaml.MappingNode || n.Style&yaml.FlowStyle != 0 || len(n.Content) < 2 {
		return lines
	}
	var starts []int // index into lines of each entry's first line
	for k := range yamlmap.Entries(n) {
		s := k.Line - first
		if s < 0 || s >= len(lines) {
			return lines // positions we do not understand: leave the text
		}
		// Comment lines at the key's own indentation, just above it,
		// are about it; deeper ones belong to the entry before.
		for s > 0 && isCommentAt(lines[s-1], k.Column-1) && (len(starts) == 0 || s-1 > starts[len(starts)-1]) {
			s--
		}
		starts = append(starts, s)
	}
	type entry struct {
		key   string
		lines []string
	}
	entries := make([]entry, len(starts))
	for i, s := range starts {
		e := len(lines)
		if i+1 < len(starts) {
			e = starts[i+1]
		}
		k, v := n.Content[2*i], n.Content[2*i+1]
		body := append([]string(nil), lines[s:e]...)
		if lv.children != nil {
			if child := lv.children(k.Value); child != nil {
				keyAt := k.Line - first - s // the key's line within body
				inner := reorder(body[keyAt+1:], k.Line+1, v, child)
				body = append(body[:keyAt+1], inner...)
			}
		}
		entries[i] = entry{k.Value, body}
	}
	if lv.order != nil {
		sort.SliceStable(entries, func(i, j int) bool {
			return keyRank(lv.order, entries[i].key) < keyRank(lv.order, entries[j].key)
		})
	}
	out := append([]string(nil), lines[:starts[0]]...)
	for _, e := range entries {
		out = append(out, e.lines...)
	}
	return out
}

func isCommentAt(line string, indent int) bool {
	t := strings.TrimLeft(line, " ")
	return strings.HasPrefix(t, "#") && len(line)-len(t) == indent
}

// errInvalidYAML is why formatting refuses text it cannot parse.
var errInvalidYAML = errors.New("case.yaml is not valid YAML")

// sameMeaning checks what formatting promises: the same lines, only
// moved, and the same values once parsed. It is the formatter's own
// safety net; a failure is a bug to report, never the author's fault.
func sameMeaning(before, after []byte) error {
	var a, b any
	if err := yaml.Unmarshal(before, &a); err != nil {
		return err
	}
	if err := yaml.Unmarshal(after, &b); err != nil || !reflect.DeepEqual(a, b) || !reflect.DeepEqual(lineSet(before), lineSet(after)) {
		return fmt.Errorf("case.yaml cannot be formatted without changing it; please report this case (and leave its key order as it is)")
	}
	return nil
}

// lineSet is a text's non-blank lines, trailing spaces dropped, sorted.
func lineSet(text []byte) []string {
	var out []string
	for _, l := range strings.FieldsFunc(string(text), func(r rune) bool { return r == '\n' || r == '\r' }) {
		if l = strings.TrimRight(l, " \t"); l != "" {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

// caseYAMLSpan finds the bytes of the case.yaml file in a txtar archive,
// by txtar's own rule for a file marker.
func caseYAMLSpan(data []byte) (start, end int, ok bool) {
	pos := 0
	for pos < len(data) {
		lineEnd := bytes.IndexByte(data[pos:], '\n')
		next := len(data)
		if lineEnd >= 0 {
			next = pos + lineEnd + 1
		}
		name, isMarker := markerName(data[pos:next])
		if isMarker {
			if ok {
				return start, pos, true
			}
			if name == "case.yaml" {
				start, ok = next, true
			}
		}
		pos = next
	}
	return start, len(data), ok
}

// markerName reports whether line is a txtar file marker, and its name.
func markerName(line []byte) (string, bool) {
	l := strings.TrimRight(string(line), "\r\n")
	if !strings.HasPrefix(l, "-- ") || !strings.HasSuffix(l, " --") || len(l) < 6 {
		return "", false
	}
	name := strings.TrimSpace(l[3 : len(l)-3])
	return name, name != ""
}
