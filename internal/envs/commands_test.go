package envs

import (
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestCommandLines(t *testing.T) {
	spec := Spec{Python: "/py/bin/python3.12", Packages: []string{"beta==1.0", "alpha", "alpha"}}
	full := spec
	full.Index = Index{
		URL:       "https://mirror.example/simple",
		Extra:     []string{"https://extra1/simple", "https://extra2/simple"},
		FindLinks: []string{"/wheels", "https://host/links/"},
		NoIndex:   true,
	}
	indexFlags := "--index-url https://mirror.example/simple --extra-index-url https://extra1/simple " +
		"--extra-index-url https://extra2/simple --find-links /wheels --find-links https://host/links/ --no-index"
	withEnv := spec
	withEnv.Index.Env = []string{"CASE_TOKEN"}
	tests := []struct {
		name string
		got  []string
		want string
	}{
		{"venv", venvArgs(spec, "/c/envs/x"), "/py/bin/python3.12 -m venv --without-pip /c/envs/x"},
		{"pip, installer defaults", pipInstallArgs(spec, "/v/bin/python", "/c/installers/pip"),
			"/v/bin/python -m pip install --no-warn-script-location --progress-bar off --cache-dir /c/installers/pip -- alpha beta==1.0"},
		{"pip, every index flag", pipInstallArgs(full, "/v/bin/python", "/c/installers/pip"),
			"/v/bin/python -m pip install --no-warn-script-location --progress-bar off --cache-dir /c/installers/pip " + indexFlags + " -- alpha beta==1.0"},
		{"uv install, installer defaults", uvInstallArgs(spec, "/v/bin/python", "/c/installers/uv", linkHardlink),
			"uv pip install --no-progress --cache-dir /c/installers/uv --python /v/bin/python --link-mode hardlink -- alpha beta==1.0"},
		{"uv install, every index flag", uvInstallArgs(full, "/v/bin/python", "/c/installers/uv", linkCopy),
			"uv pip install --no-progress --cache-dir /c/installers/uv --python /v/bin/python --link-mode copy " + indexFlags + " -- alpha beta==1.0"},
		{"pip, variables for the build", pipInstallArgs(withEnv, "/v/bin/python", "/c/installers/pip"),
			"/v/bin/python -m pip install --no-warn-script-location --progress-bar off --no-cache-dir -- alpha beta==1.0"},
		{"uv install, variables for the build", uvInstallArgs(withEnv, "/v/bin/python", "/c/installers/uv", linkHardlink),
			"uv pip install --no-progress --no-cache --python /v/bin/python --link-mode hardlink -- alpha beta==1.0"},
	}
	for _, tt := range tests {
		if got := strings.Join(tt.got, " "); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
}

// A requirement that looks like an option stays a requirement: it follows "--".
func TestRequirementsFollowDoubleDash(t *testing.T) {
	spec := Spec{Python: "/py", Packages: []string{"--index-url=https://evil/simple"}}
	for _, args := range [][]string{pipInstallArgs(spec, "/v/py", "/c"), uvInstallArgs(spec, "/v/py", "/c", linkCopy)} {
		dd := slices.Index(args, "--")
		if dd < 0 || slices.Index(args, spec.Packages[0]) < dd {
			t.Errorf("requirement before \"--\": %q", args)
		}
	}
}

func TestChooseLinkMode(t *testing.T) {
	dir := t.TempDir()
	same := chooseLinkMode(filepath.Join(dir, "envs"), filepath.Join(dir, "not", "yet", "uv"))
	if same != linkHardlink && same != linkClone {
		t.Errorf("cache and env on one filesystem: %s, want hardlink or clone", same)
	}
	if got := chooseLinkMode(dir, ""); got != linkCopy {
		t.Errorf("unknown uv cache: %s, want copy", got)
	}
	if runtime.GOOS == "linux" {
		if got := chooseLinkMode(dir, "/proc/self"); got != linkCopy {
			t.Errorf("different filesystems: %s, want copy", got)
		}
	}
}

func TestPipSpelling(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"crashy-git @ git+file:///srv/crashy@v1", "git+file:///srv/crashy@v1#egg=crashy-git"},
		{"crashy-git@git+file:///srv/crashy", "git+file:///srv/crashy#egg=crashy-git"},
		{"pkg @ hg+file:///srv/pkg", "hg+file:///srv/pkg#egg=pkg"},
		// Already pip's own, or not a local repository: as given.
		{"git+file:///srv/crashy@v1#egg=crashy-git", "git+file:///srv/crashy@v1#egg=crashy-git"},
		{"mlx @ git+https://github.com/ml-explore/mlx@8e00a2d9d", "mlx @ git+https://github.com/ml-explore/mlx@8e00a2d9d"},
		{"numpy==2.0", "numpy==2.0"},
		{"pkg[extra] @ git+file:///srv/pkg", "pkg[extra] @ git+file:///srv/pkg"},
	} {
		if got := pipSpelling(tt.in); got != tt.want {
			t.Errorf("pipSpelling(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
