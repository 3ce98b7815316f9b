package bisect

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
)

const archiveHead = "python check.py\nstdout ok\n-- case.yaml --\n"
const archiveTail = "-- check.py --\nprint('ok')\n"

func TestEditRegression(t *testing.T) {
	reg := regression{Packages: []string{"crashy-pkg==1.6", "numpy>=1,<3"}, Exit: "SIGABRT", Link: "https://example.com/commit/abc"}
	for _, tc := range []struct {
		name, yaml, want string
	}{
		{
			name: "no variants",
			yaml: "summary: s\nlinks: [https://example.com/1]\npackages: [crashy-pkg==1.0]\n",
			want: "summary: s\nlinks: [https://example.com/1, https://example.com/commit/abc]\npackages: [crashy-pkg==1.0]\n" +
				"variants:\n  regressed:\n    packages: [crashy-pkg==1.6, \"numpy>=1,<3\"]\n    exit: SIGABRT\n",
		},
		{
			name: "other variants, block links, a comment kept",
			yaml: "summary: s\nlinks:\n  - https://example.com/1\n# the pin\npackages: [crashy-pkg==1.0]\nvariants:\n    old:\n        packages: [crashy-pkg==0.9]\n",
			want: "summary: s\nlinks:\n  - https://example.com/1\n  - https://example.com/commit/abc\n# the pin\npackages: [crashy-pkg==1.0]\nvariants:\n    old:\n        packages: [crashy-pkg==0.9]\n" +
				"    regressed:\n        packages: [crashy-pkg==1.6, \"numpy>=1,<3\"]\n        exit: SIGABRT\n",
		},
		{
			name: "regressed updated, its exit kept, the link already there",
			yaml: "summary: s\nlinks: [https://example.com/commit/abc]\npackages: [crashy-pkg==1.0]\nvariants:\n  regressed:\n    exit: SIGSEGV\n    packages:\n      - crashy-pkg==1.9\n  later:\n    env: {A: b}\n",
			want: "summary: s\nlinks: [https://example.com/commit/abc]\npackages: [crashy-pkg==1.0]\nvariants:\n  regressed:\n    exit: SIGSEGV\n    packages: [crashy-pkg==1.6, \"numpy>=1,<3\"]\n  later:\n    env: {A: b}\n",
		},
		{
			name: "regressed without packages or exit",
			yaml: "summary: s\nlinks: [https://example.com/1]\nvariants:\n  regressed:\n    timeout: 5s\n",
			want: "summary: s\nlinks: [https://example.com/1, https://example.com/commit/abc]\nvariants:\n  regressed:\n    packages: [crashy-pkg==1.6, \"numpy>=1,<3\"]\n    exit: SIGABRT\n    timeout: 5s\n",
		},
	} {
		archive := archiveHead + tc.yaml + archiveTail
		got, err := editRegression([]byte(archive), reg)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if want := archiveHead + tc.want + archiveTail; string(got) != want {
			t.Errorf("%s:\ngot:\n%s\nwant:\n%s", tc.name, got, want)
			continue
		}
		c, err := cases.Parse("x.txtar", "p", got)
		if err != nil {
			t.Errorf("%s: the edit does not load: %v", tc.name, err)
			continue
		}
		if v := c.Variant("regressed"); v == nil || !v.KnownBad(c) || len(v.Packages) != 2 || v.Packages[0].String() != "crashy-pkg==1.6" {
			t.Errorf("%s: regressed variant = %+v", tc.name, v)
		}
	}
}

func TestEditRegressionRefuses(t *testing.T) {
	reg := regression{Packages: []string{"crashy-pkg==1.6"}, Exit: "SIGABRT"}
	for _, tc := range []struct{ name, yaml, err string }{
		{"flow variants", "summary: s\nlinks: [https://e.com/1]\nvariants: {old: {exit: 1}}\n", "block mapping"},
		{"flow regressed", "summary: s\nlinks: [https://e.com/1]\nvariants:\n  regressed: {exit: 1}\n", "flow mapping"},
		{"not yaml", "summary: [\n", "case.yaml"},
	} {
		_, err := editRegression([]byte(archiveHead+tc.yaml+archiveTail), reg)
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%s: err = %v, want %q", tc.name, err, tc.err)
		}
	}
	if _, err := editRegression([]byte("python x.py\n"), reg); err == nil {
		t.Error("no case.yaml: no error")
	}
}

func TestWriteRegressionValidates(t *testing.T) {
	file := filepath.Join(t.TempDir(), "c.txtar")
	orig := archiveHead + "summary: s\nlinks: [https://example.com/1]\n" + archiveTail
	if err := os.WriteFile(file, []byte(orig), 0o666); err != nil {
		t.Fatal(err)
	}
	// An exit that is no exit status: the edit is made, the check refuses it.
	err := writeRegression(file, "p", regression{Packages: []string{"crashy-pkg==1.6"}, Exit: "SIGNOPE"})
	if err == nil || !strings.Contains(err.Error(), "left unchanged") {
		t.Fatalf("err = %v, want the edited case refused", err)
	}
	if data, _ := os.ReadFile(file); string(data) != orig {
		t.Errorf("the file changed:\n%s", data)
	}
	if err := writeRegression(file, "p", regression{Packages: []string{"crashy-pkg==1.6"}, Exit: "SIGABRT"}); err != nil {
		t.Fatal(err)
	}
	if c, err := cases.Load(file, "p"); err != nil || c.Variant("regressed") == nil {
		t.Errorf("after writing: %v", err)
	}
}
