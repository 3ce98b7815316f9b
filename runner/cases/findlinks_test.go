package cases

import (
	"path/filepath"
	"reflect"
	"testing"
)

func TestResolveFindLinks(t *testing.T) {
	dir := filepath.FromSlash("/home/u/work")
	for _, tc := range []struct{ in, want string }{
		{"wheels", filepath.Join(dir, "wheels")},
		{"./wheels", filepath.Join(dir, "wheels")},
		{"../shared/wheels", filepath.FromSlash("/home/u/shared/wheels")},
		{filepath.FromSlash("/opt/wheels"), filepath.FromSlash("/opt/wheels")},
		{"https://example.com/wheels/", "https://example.com/wheels/"},
		{"file:///opt/wheels", "file:///opt/wheels"},
		{"", ""},
	} {
		got := ResolveFindLinks([]string{tc.in}, dir)
		if !reflect.DeepEqual(got, []string{tc.want}) {
			t.Errorf("ResolveFindLinks(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if got := ResolveFindLinks(nil, dir); got != nil {
		t.Errorf("ResolveFindLinks(nil) = %q, want nil", got)
	}
}
