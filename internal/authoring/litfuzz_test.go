package authoring

import (
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// FuzzImportLit: a lit test of any text never panics import, and a draft
// it writes is a case the core loads, or a refusal whose every error
// names a line.
func FuzzImportLit(f *testing.F) {
	for _, s := range []string{
		"# RUN: %PYTHON %s | FileCheck %s --check-prefix=X\n# CHECK: x\n",
		"# RUN: not --crash env A=1 %PYTHON %s 'a b' \"c\\\"d\" \\\n# RUN: && %PYTHON %s\n# XFAIL: system-linux && !(target=x86_64{{.*}})\n",
		"# RUN: %PYTHON %S/x.py %(line+1) %{s:stem} %% $X *\n# REQUIRES: true, \\\n# REQUIRES: false\n# ALLOW_RETRIES: 2\n# END.\n",
		"x # RUN: '\n# UNSUPPORTED: ((\n# DEFINE: %{a}=b\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		d, err := ImportLit("t.py", []byte(src), LitOptions{})
		if err != nil {
			l, ok := err.(cases.ErrorList)
			if !ok {
				t.Fatalf("refusal is not a list of positioned errors: %v", err)
			}
			for _, e := range l {
				if e.Line == 0 && e.Msg[:6] != "no RUN" {
					t.Fatalf("refusal names no line: %v", e)
				}
			}
			return
		}
		d.links = []string{"https://github.com/cleanexit/cleanexit/issues/36"}
		data, err := d.archive()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := cases.Parse("p/t.txtar", "p", data); err != nil {
			t.Fatalf("imported case does not load: %v\n%s", err, data)
		}
	})
}
