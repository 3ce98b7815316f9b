package bisect

import (
	"path/filepath"
	"sort"

	"github.com/cleanexit/cleanexit/runner/pep508"
)

// replacePin returns packages with every requirement on pkg replaced by
// requirement: `pkg==2.0`, `pkg[extra]>=1`, `pkg @ URL`. A local path equal
// to samePath (the repository being bisected, which a case may install from
// its own folder) is replaced too, so that one environment never asks for
// the package twice. When nothing names the package, requirement is added:
// the package may come in as a dependency of another. The input is not
// modified; the result is sorted, as plan.Run.Packages are.
func replacePin(packages []string, pkg, requirement, samePath string) []string {
	want := pep508.Normalize(pkg)
	out := make([]string, 0, len(packages)+1)
	for _, p := range packages {
		r, err := pep508.Parse(p)
		switch {
		case err != nil:
		case r.Name != "" && pep508.Normalize(r.Name) == want:
			continue
		case r.Path != "" && samePath != "" && filepath.Clean(r.Path) == filepath.Clean(samePath):
			continue
		}
		out = append(out, p)
	}
	out = append(out, requirement)
	sort.Strings(out)
	return out
}
