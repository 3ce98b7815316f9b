package wheelhouse

import (
	"archive/zip"
	"strings"
	"testing"
)

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	path, err := Module("crashy-pkg", "1.6", "crashy", "").Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(path, "crashy_pkg-1.6-py3-none-any.whl") {
		t.Errorf("file name %s", path)
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	got := map[string]bool{}
	for _, f := range zr.File {
		got[f.Name] = true
	}
	for _, want := range []string{"crashy/__init__.py", "crashy_pkg-1.6.dist-info/METADATA", "crashy_pkg-1.6.dist-info/WHEEL", "crashy_pkg-1.6.dist-info/RECORD"} {
		if !got[want] {
			t.Errorf("missing %s in %v", want, got)
		}
	}
	if _, err := (Wheel{}).Write(dir); err == nil {
		t.Errorf("a wheel without a name must be refused")
	}
}
