package cases

import "gopkg.in/yaml.v3"

// A key is one key of case.yaml: its name, whether a variant may set it
// too, and how its value is decoded into the case and the variant being
// read (the default variant, at the top of case.yaml).
type key struct {
	name    string
	variant bool
	decode  func(d *decoder, c *Case, v *Variant, n *yaml.Node)
}

// keys is every key of case.yaml, in the one order `cleanexit fmt` writes
// them at the top of case.yaml and in every variant. A case reads top to
// bottom as: what broke and where it is recorded; where it runs; what it
// runs with; how it must end; how often; which variants prove the bug. One
// order for both levels means a key moved from the case into a variant
// keeps its place in a review's diff.
//
// variants and versions have no decoder: Parse reads them last, once the
// default variant that every variant starts from is whole.
var keys = []key{
	{"summary", false, (*decoder).summary},
	{"links", false, (*decoder).links},
	{"python", true, (*decoder).python},
	{"requires", true, (*decoder).requires},
	{"unsupported", true, (*decoder).unsupported},
	{"checks", true, (*decoder).checks},
	{"env", true, (*decoder).env},
	{"timeout", true, (*decoder).timeout},
	{"packages", true, (*decoder).packages},
	{"module-alias", true, (*decoder).moduleAlias},
	{"index", true, (*decoder).index},
	{"xfail", true, (*decoder).xfail},
	{"exit", true, (*decoder).exit},
	{"phase", true, (*decoder).phase},
	{"stderr", true, (*decoder).stderr},
	{"clean", true, (*decoder).clean},
	{"backtrace", true, (*decoder).backtrace},
	{"repeat", true, (*decoder).repeat},
	{"retries", true, (*decoder).retries},
	{"known-bad", false, (*decoder).knownBad},
	{"variants", false, nil},
	{"versions", false, nil},
}

// indexKeys are the keys of index, in the order `cleanexit fmt` writes them.
var indexKeys = []string{"url", "extra", "find-links", "no-index", "env"}

var (
	// caseKeys may appear only at the top of case.yaml.
	caseKeys = keyNames(func(k key) bool { return !k.variant })
	// variantKeys may appear at the top of case.yaml and in each variant.
	variantKeys = keyNames(func(k key) bool { return k.variant })
	// topKeys may appear at the top of case.yaml: all of them.
	topKeys = keyNames(func(key) bool { return true })
)

func keyNames(keep func(key) bool) []string {
	var out []string
	for _, k := range keys {
		if keep(k) {
			out = append(out, k.name)
		}
	}
	return out
}

// decodeKey decodes the value n of the key named name, one that the
// mapping it stands in allows.
func (d *decoder) decodeKey(c *Case, v *Variant, name string, n *yaml.Node) {
	for _, k := range keys {
		if k.name == name {
			k.decode(d, c, v, n)
			return
		}
	}
}

// KeyOrder returns case.yaml's keys in canonical order: the order of the
// top level, and, less summary, links, known-bad and variants, of a
// variant.
func KeyOrder() []string { return append([]string(nil), topKeys...) }

// IndexKeyOrder returns the keys of index in canonical order.
func IndexKeyOrder() []string { return append([]string(nil), indexKeys...) }
