package cases

import (
	"fmt"
	"strings"

	"github.com/cleanexit/cleanexit/internal/yamlmap"
	"github.com/cleanexit/cleanexit/runner/pep440"
	"github.com/cleanexit/cleanexit/runner/pep508"
	"gopkg.in/yaml.v3"
)

// A VersionMatrix is a case's versions: one package, and its entries in
// the order written.
type VersionMatrix struct {
	Package string // normalized
	Entries []VersionEntry
}

// A VersionEntry is one version or range of the matrix.
type VersionEntry struct {
	Specifier pep440.Specifier // ==0.32.1 for the bare version 0.32.1
	Variant   string           // the variant it runs as
}

// versions reads the version matrix: one package, and for each released
// version of it (0.32.1) or range (">=0.32.2") the end a run with it must
// have, in exit's words. Each entry becomes a variant of its own, the case
// itself with that package pinned to the entry, named for it
// ("mlx-0.32.1", "mlx-ge0.32.2"), so that run IDs, filters and shards keep
// their meaning; prove and bisect read those variants as any other. Two
// entries that admit one version are an error: it would have two ends.
func (d *decoder) versions(c *Case, def *Variant, n *yaml.Node) {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		d.errorf(n, "versions: want one package, mapped to its versions and their ends (versions: {mlx: {0.32.0: 0, 0.32.1: SIGABRT, \">=0.32.2\": 0}})")
		return
	}
	pkgNode, entries := n.Content[0], n.Content[1]
	req, err := pep508.Parse(pkgNode.Value)
	if err != nil || req.Name == "" || req.Specifier != "" || req.URL != "" || req.Marker != "" || len(req.Extras) > 0 {
		d.errorf(pkgNode, "versions: %q is not a package name", pkgNode.Value)
		return
	}
	name := pep508.Normalize(req.Name)
	if entries.Kind != yaml.MappingNode || len(entries.Content) == 0 {
		d.errorf(entries, "versions: %s: want a mapping of versions or ranges (0.32.1, \">=0.32.2\") to the end each must have", name)
		return
	}
	type entry struct {
		text string
		spec pep440.Specifier
		line int
	}
	var seen []entry
	c.Versions = &VersionMatrix{Package: name}
	for k, v := range yamlmap.Entries(entries) {
		line := k.Line + d.offset
		text := strings.TrimSpace(k.Value)
		spec, err := matrixSpecifier(text)
		if err != nil {
			d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: fmt.Sprintf("versions: %s: %q: %v", name, text, err)})
			continue
		}
		overlaps := false
		for _, e := range seen {
			if both, ok := pep440.Overlap(e.spec, spec); ok {
				d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: fmt.Sprintf("versions: %s: %q overlaps %q (line %d): both admit %s, which can have only one end; make the ranges disjoint", name, text, e.text, e.line, both)})
				overlaps = true
				break
			}
		}
		if overlaps {
			continue
		}
		seen = append(seen, entry{text, spec, line})
		vr := def.clone()
		vr.Name, vr.Line = matrixVariantName(name, spec), line
		if c.Variant(vr.Name) != nil {
			d.errs = append(d.errs, &Error{File: d.file, Line: line, Msg: fmt.Sprintf("versions: %s: %q makes variant %q, which the case already has", name, text, vr.Name)})
			continue
		}
		vr.Packages = pinned(def.Packages, name, spec.String())
		d.exit(c, vr, v)
		c.Variants = append(c.Variants, vr)
		c.Versions.Entries = append(c.Versions.Entries, VersionEntry{Specifier: spec, Variant: vr.Name})
	}
}

// matrixSpecifier reads an entry's key: a version alone is that version
// (0.32.1 is ==0.32.1), anything else a PEP 440 specifier.
func matrixSpecifier(text string) (pep440.Specifier, error) {
	if text != "" && text[0] >= '0' && text[0] <= '9' {
		if _, err := pep440.ParseVersion(text); err != nil {
			return pep440.Specifier{}, err
		}
		text = "==" + text
	}
	spec, err := pep440.ParseSpecifier(text)
	if err == nil && spec.String() == "" {
		err = fmt.Errorf("want a version or a range")
	}
	return spec, err
}

// matrixOperatorWords spell a specifier's operators in a variant name,
// which holds letters, digits, '-', '_' and '.' only.
var matrixOperatorWords = strings.NewReplacer("===", "", "==", "", "!=", "ne", "~=", "compat", ">=", "ge", "<=", "le", ">", "gt", "<", "lt", ".*", ".x", ",", "-")

// matrixVariantName is "mlx-0.32.1" for ==0.32.1, "mlx-ge0.32.2-lt0.33" for
// >=0.32.2,<0.33.
func matrixVariantName(pkg string, spec pep440.Specifier) string {
	return pkg + "-" + matrixOperatorWords.Replace(spec.String())
}

// pinned is pkgs with the requirement of name (its extras and marker
// kept) pinned to specifier instead; a case that does not install name
// gets it added.
func pinned(pkgs []pep508.Requirement, name, specifier string) []pep508.Requirement {
	out := make([]pep508.Requirement, 0, len(pkgs)+1)
	found := false
	for _, r := range pkgs {
		if r.Name != "" && pep508.Normalize(r.Name) == name {
			r.Specifier, r.URL, found = specifier, "", true
		}
		out = append(out, r)
	}
	if !found {
		out = append(out, pep508.Requirement{Name: name, Specifier: specifier})
	}
	return out
}
