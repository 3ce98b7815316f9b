package bisect

import (
	"slices"
	"testing"
)

func TestReplacePin(t *testing.T) {
	for _, tc := range []struct {
		name     string
		packages []string
		samePath string
		want     []string
	}{
		{"pinned", []string{"crashy-pkg==1.0", "numpy==2.0"}, "", []string{"NEW", "numpy==2.0"}},
		{"spelling and extras", []string{"Crashy_Pkg[x]>=1.0"}, "", []string{"NEW"}},
		{"direct reference", []string{"crashy-pkg @ https://example.com/c.whl"}, "", []string{"NEW"}},
		{"not named: added", []string{"numpy==2.0"}, "", []string{"NEW", "numpy==2.0"}},
		{"the repository as a local path", []string{"/src/crashy", "/src/other"}, "/src/crashy/", []string{"/src/other", "NEW"}},
		{"a local path elsewhere stays", []string{"/src/crashy"}, "", []string{"/src/crashy", "NEW"}},
		{"none", nil, "", []string{"NEW"}},
	} {
		in := slices.Clone(tc.packages)
		got := replacePin(in, "crashy-pkg", "NEW", tc.samePath)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: replacePin = %v, want %v", tc.name, got, want)
		}
		if !slices.Equal(in, tc.packages) {
			t.Errorf("%s: the input was modified: %v", tc.name, in)
		}
	}
}
