package yamlmap

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestLookupAndEntries(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("a: 1\nb: [2]\na: 3\n"), &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Content[0]
	if k, v := Lookup(root, "a"); k == nil || k.Line != 1 || v.Value != "1" {
		t.Errorf("Lookup(a) = %v, %v; want the first a, at line 1", k, v)
	}
	if k, v := Lookup(root, "b"); k == nil || v.Kind != yaml.SequenceNode {
		t.Errorf("Lookup(b) = %v, %v", k, v)
	}
	for _, n := range []*yaml.Node{root, nil, root.Content[3]} {
		if k, v := Lookup(n, "c"); k != nil || v != nil {
			t.Errorf("Lookup(c) = %v, %v; want nils", k, v)
		}
	}
	var keys []string
	for k, v := range Entries(root) {
		keys = append(keys, k.Value+"="+v.Tag)
		if k.Value == "b" {
			break
		}
	}
	if got := strings.Join(keys, " "); got != "a=!!int b=!!seq" {
		t.Errorf("Entries up to b: %s", got)
	}
	for range Entries(root.Content[3]) {
		t.Errorf("a sequence has entries")
	}
}
