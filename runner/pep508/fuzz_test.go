package pep508

import (
	"errors"
	"testing"
)

// FuzzParse checks that no input panics, that every error is an *Error
// pointing inside the input (or just past its end), and that the canonical
// String of what parses is stable.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"numpy", "mlir-python-bindings==20.0.0", "jax[cuda12]>=0.4,<1; python_version >= '3.10'",
		"mlx @ git+https://github.com/ml-explore/mlx@8e00a2d9d", "./pkg[test] ; os_name == 'nt'",
		"./dist/foo-1.0-py3-none-any.whl", "foo (>=1.0)", "foo; ('a' in extra or extra == 'b') and python_version < '3'",
		"foo==", "foo>=1,", "foo @", "foo[bar", "==1.0", "foo ; python_version >", "foo$",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error %T, want *Error", s, err)
			}
			if pe.Col < 1 || pe.Col > len(s)+1 {
				t.Fatalf("Parse(%q) error col %d outside 1..%d", s, pe.Col, len(s)+1)
			}
			return
		}
		canon := r.String()
		again, err := Parse(canon)
		if err != nil {
			t.Fatalf("Parse(%q).String() = %q does not parse: %v", s, canon, err)
		}
		if again.String() != canon {
			t.Fatalf("String not stable: %q -> %q -> %q", s, canon, again.String())
		}
	})
}
