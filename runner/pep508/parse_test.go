package pep508

import (
	"errors"
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Requirement
	}{
		{"numpy", Requirement{Name: "numpy"}},
		{"  numpy  ", Requirement{Name: "numpy"}},
		{"mlir-python-bindings==20.0.0", Requirement{Name: "mlir-python-bindings", Specifier: "==20.0.0"}},
		{"tensorflow==2.14.0", Requirement{Name: "tensorflow", Specifier: "==2.14.0"}},
		{"NumPy >= 2.0 , < 3", Requirement{Name: "NumPy", Specifier: ">= 2.0 , < 3"}},
		{"torch==2.5.1+cpu", Requirement{Name: "torch", Specifier: "==2.5.1+cpu"}},
		{"numpy==2.1.*", Requirement{Name: "numpy", Specifier: "==2.1.*"}},
		{"pip===23.0", Requirement{Name: "pip", Specifier: "===23.0"}},
		{"foo (>=1.0, <2)", Requirement{Name: "foo", Specifier: ">=1.0, <2"}},
		{"foo()", Requirement{Name: "foo"}},
		{"jax[cuda12]>=0.4", Requirement{Name: "jax", Extras: []string{"cuda12"}, Specifier: ">=0.4"}},
		{"jax [ cuda12 , tpu ] >=0.4", Requirement{Name: "jax", Extras: []string{"cuda12", "tpu"}, Specifier: ">=0.4"}},
		{"foo[]", Requirement{Name: "foo"}},
		{"a", Requirement{Name: "a"}},
		{"zope.interface", Requirement{Name: "zope.interface"}},
		{"mlx @ git+https://github.com/ml-explore/mlx@8e00a2d9d",
			Requirement{Name: "mlx", URL: "git+https://github.com/ml-explore/mlx@8e00a2d9d"}},
		{"mlx@git+https://github.com/ml-explore/mlx@8e00a2d9d",
			Requirement{Name: "mlx", URL: "git+https://github.com/ml-explore/mlx@8e00a2d9d"}},
		{"pkg[x] @ https://example.com/pkg-1.0-py3-none-any.whl ; python_version >= '3.10'",
			Requirement{Name: "pkg", Extras: []string{"x"}, URL: "https://example.com/pkg-1.0-py3-none-any.whl", Marker: "python_version >= '3.10'"}},
		{"pkg @ file:///tmp/pkg-1.0.tar.gz", Requirement{Name: "pkg", URL: "file:///tmp/pkg-1.0.tar.gz"}},
		{"pkg @ git+ssh://git@github.com/a/b.git", Requirement{Name: "pkg", URL: "git+ssh://git@github.com/a/b.git"}},
		{`foo; python_version<"3.13"`, Requirement{Name: "foo", Marker: `python_version<"3.13"`}},
		{"foo>=1 ; sys_platform == 'linux' and (platform_machine == 'x86_64' or platform_machine == 'aarch64')",
			Requirement{Name: "foo", Specifier: ">=1", Marker: "sys_platform == 'linux' and (platform_machine == 'x86_64' or platform_machine == 'aarch64')"}},
		{"foo; 'cuda' in extra", Requirement{Name: "foo", Marker: "'cuda' in extra"}},
		{"foo; 'cuda' not in extra", Requirement{Name: "foo", Marker: "'cuda' not in extra"}},
		{"foo; os.name == 'posix'", Requirement{Name: "foo", Marker: "os.name == 'posix'"}},
		// Local paths, as pip accepts them.
		{"./pkg", Requirement{Path: "./pkg"}},
		{"../x", Requirement{Path: "../x"}},
		{".", Requirement{Path: "."}},
		{"/abs/pkg", Requirement{Path: "/abs/pkg"}},
		{"~/src/pkg", Requirement{Path: "~/src/pkg"}},
		{"./dist/foo-1.0-py3-none-any.whl", Requirement{Path: "./dist/foo-1.0-py3-none-any.whl"}},
		{"dist/foo-1.0-py3-none-any.whl", Requirement{Path: "dist/foo-1.0-py3-none-any.whl"}},
		{"foo-1.0.tar.gz", Requirement{Path: "foo-1.0.tar.gz"}},
		{"foo-1.0.ZIP", Requirement{Path: "foo-1.0.ZIP"}},
		{"./pkg[test, docs] ; sys_platform == 'linux'",
			Requirement{Path: "./pkg", Extras: []string{"test", "docs"}, Marker: "sys_platform == 'linux'"}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Parse(%q) =\n  %#v\nwant\n  %#v", tt.in, got, tt.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in  string
		col int
		msg string
	}{
		{"", 1, "empty requirement"},
		{"   ", 4, "empty requirement"},
		{"foo==", 4, `expected version after "=="`},
		{"foo===", 4, `"===" needs a value`},
		{"foo>=1,", 8, `expected a version clause after ","`},
		{"foo >= 1, <", 11, `expected version after "<"`},
		{"foo>=1.x", 4, `invalid version "1.x" after ">=": unexpected ".x" after "1"`},
		{"foo>=1.*", 4, `".*" is only allowed with == and !=`},
		{"foo=1.0", 4, `"=" is not an operator; use "=="`},
		{"foo (>=1", 5, `"(" is not closed: expected ")" after the version specifier`},
		{"foo (>=1; python_version>'3')", 5, `"(" is not closed: expected ")" after the version specifier`},
		{"foo @", 6, `expected a URL after "@"`},
		{"foo @ ; os_name=='nt'", 7, `expected a URL after "@"`},
		{"foo @ ./pkg", 7, `"./pkg" is a path, not a URL: write the path alone, without "name @", or a file:// URL`},
		{"foo @ example.com/x", 7, `expected a URL such as https://..., git+https://... or file:///... after "@" at col 5, found "example.com/x"`},
		{"foo @ https://x/y.whl extra", 23, `unexpected "extra" after the URL; a marker starts with ";"`},
		{"foo @ https://x/y.whl;python_version<'3'", 22, `a marker after a URL needs a space before ";" (PEP 508 lets a URL contain ";")`},
		{"foo[bar", 8, `expected "," or "]" after extra "bar"; "[" at col 4 is not closed`},
		{"foo[", 5, `expected an extra name after "["; "[" at col 4 is not closed`},
		{"foo[a,]", 7, `expected an extra name after ",", found "]"`},
		{"foo[a b]", 7, `expected "," or "]" after extra "a", found "b]"`},
		{"foo[-a]", 5, `invalid extra "-a": it must start and end with a letter or digit`},
		{"==1.0", 1, `expected a package name before "==1.0"`},
		{"[x]", 1, `expected a package name before "[x]"`},
		{"$foo", 1, `expected a package name, found "$foo"`},
		{"foo$", 4, `invalid name "foo$": a name contains only letters, digits, ".", "-" and "_"`},
		{"foo-", 4, `invalid name "foo-": a name must end with a letter or digit`},
		{"_foo", 1, `invalid name "_foo": a name must start with a letter or digit`},
		{"pkg/sub", 4, `invalid name "pkg/sub"; write a local path as "./pkg/sub"`},
		{"https://example.com/x.whl", 1, `a URL needs a package name in front: write "NAME @ https://example.com/x.whl"`},
		{"foo bar", 5, `unexpected "bar" after "foo"; expected a version specifier (==1.0), extras ([extra]), "@ URL" or "; marker"`},
		{"foo>=1 bar", 4, `invalid version "1 bar" after ">=": unexpected " bar" after "1"`},
		{"foo @ https://x/y.whl;python_version < '3'", 22, `a marker after a URL needs a space before ";" (PEP 508 lets a URL contain ";")`},
		{"foo (>=1) bar", 11, `unexpected "bar" after the version specifier; a marker starts with ";"`},
		// Markers.
		{"foo ;", 6, `expected a marker after ";", such as python_version >= "3.10"`},
		{"foo ; python_version >", 23, `expected a value after ">"`},
		{"foo ; python_version", 21, `expected an operator (==, !=, <, <=, >, >=, ~=, ===, in, not in) after python_version`},
		{"foo ; python_version is '3'", 22, `expected an operator (==, !=, <, <=, >, >=, ~=, ===, in, not in) after python_version, found "is"`},
		{"foo ; pyhton_version < '3'", 7, `unknown marker variable "pyhton_version" (did you mean python_version?)`},
		{"foo ; python_version < 3.8", 24, `the value 3.8 must be quoted: '3.8'`},
		{"foo ; python_version < '3.8", 24, `string starting with ' is not closed`},
		{"foo ; (python_version < '3'", 28, `expected ")" to close "(" at col 7`},
		{"foo ; python_version < '3')", 27, `unexpected ")"; expected "and", "or" or the end of the marker`},
		{"foo ; python_version < '3' or", 30, `expected a marker variable such as python_version, or a quoted string`},
		{"foo ; 'a' not extra", 15, `expected "in" after "not"`},
		{"foo ; == '3'", 7, `expected a marker variable such as python_version, or a quoted string, found "="`},
		{"./pkg ; bogus == '1'", 9, `unknown marker variable "bogus"`},
		{"./pkg[x", 1, ``}, // no closing "]": the whole text is the path
		{"./pkg[x]y]", 9, `unexpected "y]" after the extras of a path`},
		{"[x]", 1, `expected a package name before "[x]"`},
	}
	for _, tt := range tests {
		r, err := Parse(tt.in)
		if tt.msg == "" {
			if err != nil {
				t.Errorf("Parse(%q): %v", tt.in, err)
			}
			continue
		}
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q) = %#v, %v; want *Error at col %d: %s", tt.in, r, err, tt.col, tt.msg)
			continue
		}
		if pe.Col != tt.col || pe.Msg != tt.msg {
			t.Errorf("Parse(%q) error:\n  col %d: %s\nwant\n  col %d: %s", tt.in, pe.Col, pe.Msg, tt.col, tt.msg)
		}
		if !reflect.DeepEqual(r, Requirement{}) {
			t.Errorf("Parse(%q) returned %#v with its error; want the zero Requirement", tt.in, r)
		}
	}
}

func TestErrorString(t *testing.T) {
	_, err := Parse("foo==")
	if got, want := err.Error(), `pep508: col 4: expected version after "=="`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}
