package override

import (
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/pep440"
	"github.com/cleanexit/cleanexit/runner/pep508"
)

// Apply replaces, in each run that requires an overridden package, that
// requirement by the override's, and names the override in the run's
// Override. It returns those runs only: a run that pins none of the
// packages says nothing about the build. A run's own pin that the
// override's version does not satisfy is said in the label, and the run
// goes on. keepOthers keeps the other runs too, unchanged (--override-all).
func Apply(runs []*plan.Run, overrides []Override, keepOthers bool) []*plan.Run {
	if len(overrides) == 0 {
		return runs
	}
	var kept []*plan.Run
	for _, r := range runs {
		if r.Variant != nil && applyTo(r, overrides) || keepOthers {
			kept = append(kept, r)
		}
	}
	return kept
}

// applyTo overrides r's requirements in place; false when it has none of
// the overridden packages.
func applyTo(r *plan.Run, overrides []Override) bool {
	used := false
	for _, req := range r.Variant.Packages {
		name := pep508.Normalize(req.Name)
		for _, o := range overrides {
			if req.Name == "" || name != o.Name {
				continue
			}
			used = true
			r.Packages = replaced(r.Packages, requirementText(req), o.Requirement)
			label := o.Label()
			if !satisfies(req.Specifier, o.Version) {
				label += ", which the case's pin " + req.String() + " does not allow: run anyway"
			}
			r.Override = appendLabel(r.Override, label)
		}
	}
	return used
}

// requirementText is req as plan wrote it into Run.Packages.
func requirementText(req pep508.Requirement) string {
	if req.Path != "" {
		return req.Path
	}
	return req.String()
}

func replaced(pkgs []string, old, new string) []string {
	out := make([]string, 0, len(pkgs))
	for _, p := range pkgs {
		if p == old {
			p = new
		}
		out = append(out, p)
	}
	return out
}

// satisfies reports whether version is allowed by the specifier; a source
// tree's unknown version and an empty specifier are.
func satisfies(specifier, version string) bool {
	if specifier == "" || version == "" {
		return true
	}
	spec, err := pep440.ParseSpecifier(specifier)
	if err != nil {
		return true // the case's own check reports a bad pin
	}
	v, err := pep440.ParseVersion(version)
	if err != nil {
		return true
	}
	return spec.Contains(v, true)
}

func appendLabel(have, label string) string {
	if have == "" {
		return label
	}
	return have + "; " + label
}
