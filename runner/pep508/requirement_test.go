package pep508

import "testing"

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		{"numpy", "numpy"},
		{"NumPy", "numpy"},
		{"Foo.Bar", "foo-bar"},
		{"foo__bar", "foo-bar"},
		{"foo-_.-bar", "foo-bar"},
		{"mlir_python_bindings", "mlir-python-bindings"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Normalize(tt.in); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRequirementString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"NumPy >= 2.0 , < 3", "numpy>=2.0,<3"},
		{"Foo.Bar[Z, a,A]==1.0", "foo-bar[a,z]==1.0"},
		{"foo (>=1.0, <2)", "foo>=1.0,<2"},
		{"foo[]", "foo"},
		{"mlx@git+https://github.com/ml-explore/mlx@8e00a2d9d", "mlx @ git+https://github.com/ml-explore/mlx@8e00a2d9d"},
		{"pkg @ https://x/p.whl ;python_version<'3'", "pkg @ https://x/p.whl ; python_version<'3'"},
		{"foo>=1;python_version<'3'", "foo>=1; python_version<'3'"},
		{"./pkg[Test] ;os_name=='nt'", "./pkg[test]; os_name=='nt'"},
		{"./dist/foo-1.0-py3-none-any.whl", "./dist/foo-1.0-py3-none-any.whl"},
	}
	for _, tt := range tests {
		r, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		got := r.String()
		if got != tt.want {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
		}
		again, err := Parse(got)
		if err != nil {
			t.Errorf("canonical %q does not parse: %v", got, err)
		} else if again.String() != got {
			t.Errorf("canonical %q reparses as %q", got, again.String())
		}
	}
}

func TestLocalAndNetwork(t *testing.T) {
	tests := []struct {
		in           string
		local, netwk bool
	}{
		{"numpy==2.0", false, false},
		{"./pkg", true, false},
		{"~/pkg", true, false},
		{"foo-1.0-py3-none-any.whl", true, false},
		{"pkg @ file:///tmp/pkg", true, false},
		{"pkg @ FILE:///tmp/pkg", true, false},
		{"mlx @ git+https://github.com/ml-explore/mlx@8e00a2d9d", false, true},
		{"pkg @ https://example.com/pkg.whl", false, true},
		{"pkg @ git+ssh://git@github.com/a/b", false, true},
		{"pkg @ git+file:///srv/repos/pkg@main", true, false},
		{"pkg @ GIT+FILE:///srv/repos/pkg", true, false},
		{"pkg @ hg+file:///srv/repos/pkg", true, false},
	}
	for _, tt := range tests {
		r, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := r.IsLocal(); got != tt.local {
			t.Errorf("Parse(%q).IsLocal() = %v, want %v", tt.in, got, tt.local)
		}
		if got := r.NeedsNetwork(); got != tt.netwk {
			t.Errorf("Parse(%q).NeedsNetwork() = %v, want %v", tt.in, got, tt.netwk)
		}
	}
}
