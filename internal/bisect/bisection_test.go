package bisect

import (
	"strings"
	"testing"
)

// A bisection that cannot start says which flag to change, before any
// session is opened.
func TestOptionsCheck(t *testing.T) {
	ok := Options{TargetOptions: TargetOptions{Package: "mlx", Repeat: 1}, Good: "1.0", Bad: "1.9"}
	tests := []struct {
		name string
		edit func(*Options)
		want string // "" when the options are fine
	}{
		{"versions", func(*Options) {}, ""},
		{"commits in a clone", func(o *Options) { o.Repo, o.Clone = "https://example.com/mlx", "/tmp/mlx" }, ""},
		{"no package", func(o *Options) { o.Package = "" }, "--package is required"},
		{"no bad end", func(o *Options) { o.Bad = "" }, "--good and --bad are both required"},
		{"no repeat", func(o *Options) { o.Repeat = 0 }, "--repeat: want 1 or more"},
		{"clone without repo", func(o *Options) { o.Clone = "/tmp/mlx" }, "--clone goes with --repo"},
		{"pre with repo", func(o *Options) { o.Pre, o.Repo = true, "../mlx" }, "--pre is for versions"},
	}
	for _, tt := range tests {
		o := ok
		tt.edit(&o)
		err := o.Check()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: err = %v, want %q", tt.name, err, tt.want)
		}
	}
}
