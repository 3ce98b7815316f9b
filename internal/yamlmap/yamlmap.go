// Package yamlmap reads the entries of a YAML mapping node (yaml.v3),
// which holds its keys and values in one slice, key, value, key, value:
// the one place that knows that layout, for every reader of case.yaml that
// works on nodes to keep their lines.
package yamlmap

import (
	"iter"

	"gopkg.in/yaml.v3"
)

// Entries yields the key and value nodes of mapping n, in the order
// written; nothing when n is nil or not a mapping.
func Entries(n *yaml.Node) iter.Seq2[*yaml.Node, *yaml.Node] {
	return func(yield func(k, v *yaml.Node) bool) {
		if n == nil || n.Kind != yaml.MappingNode {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			if !yield(n.Content[i], n.Content[i+1]) {
				return
			}
		}
	}
}

// Lookup returns the key and value nodes of the first entry of mapping n
// whose key is key, or nils.
func Lookup(n *yaml.Node, key string) (k, v *yaml.Node) {
	for k, v := range Entries(n) {
		if k.Value == key {
			return k, v
		}
	}
	return nil, nil
}
