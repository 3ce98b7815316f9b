package pep508

import "testing"

func TestFileVersion(t *testing.T) {
	for _, tc := range []struct {
		file, want string
		ok         bool
	}{
		{"crashy_pkg-1.6-py3-none-any.whl", "1.6", true},
		{"Crashy.Pkg-1.6.0rc1-py3-none-any.whl", "1.6.0rc1", true},
		{"crashy_pkg-2.0-1-cp312-cp312-manylinux_2_17_x86_64.whl", "2.0", true},
		{"crashy-pkg-1.7.tar.gz", "1.7", true},
		{"crashy_pkg-1.8.zip", "1.8", true},
		{"crashy-pkg-extra-1.0.tar.gz", "", false}, // another project
		{"crashy_pkg_extra-1.0-py3-none-any.whl", "", false},
		{"crashy_pkg-notaversion-py3-none-any.whl", "", false},
		{"crashy_pkg-1.0.whl", "", false}, // too few parts
		{"README.txt", "", false},
		{"crashy-pkg.tar.gz", "", false},
	} {
		got, ok := FileVersion(tc.file, "crashy-pkg")
		if got != tc.want || ok != tc.ok {
			t.Errorf("FileVersion(%q) = %q, %v; want %q, %v", tc.file, got, ok, tc.want, tc.ok)
		}
	}
}
