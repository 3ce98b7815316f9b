package envs

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestInstallerEnviron(t *testing.T) {
	wheels := t.TempDir()
	missing := filepath.Join(t.TempDir(), "opt-wheels")
	caller := []string{
		"PATH=/usr/bin", "HOME=/home/u", "GITHUB_TOKEN=ghp_secret", "AWS_SECRET_ACCESS_KEY=aws_secret",
		"LANG=C.UTF-8", "LC_ALL=C", "TMPDIR=/scratch", "https_proxy=http://proxy:3128", "CLEANEXIT_JOBS=2",
		"PYTHONPATH=/somewhere", "PYTHONHOME=/h", "PYTHONUSERBASE=/ub", "PYTHONSTARTUP=/s.py",
		"PYTHONNOUSERSITE=0", "VIRTUAL_ENV=/venv", "CONDA_PREFIX=/conda", "PIP_USER=1", "PIP_TARGET=/t",
		"PIP_INDEX_URL=https://mirror/simple", "PIP_EXTRA_INDEX_URL=https://extra/simple", "UV_INDEX_URL=https://uvmirror/simple",
		"PIP_FIND_LINKS=" + missing + " " + wheels + " https://host/links",
		"UV_FIND_LINKS=" + missing + "," + wheels,
	}
	tests := []struct {
		installer    string
		wantVars     []string
		wantWarnings []string
	}{
		{
			installer: "pip",
			wantVars: []string{
				"PATH=/usr/bin", "LANG=C.UTF-8", "LC_ALL=C", "TMPDIR=/scratch", "https_proxy=http://proxy:3128", "CLEANEXIT_JOBS=2",
				"PIP_INDEX_URL=https://mirror/simple", "PIP_EXTRA_INDEX_URL=https://extra/simple", "UV_INDEX_URL=https://uvmirror/simple",
				"PYTHONNOUSERSITE=1", "PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_INPUT=1",
				"PIP_FIND_LINKS=" + wheels + " https://host/links",
				"UV_FIND_LINKS=" + missing + "," + wheels, // not read by pip: untouched
			},
			wantWarnings: []string{"PIP_FIND_LINKS names " + missing + ", which does not exist; ignored"},
		},
		{
			installer: "uv",
			wantVars: []string{
				"PATH=/usr/bin", "LANG=C.UTF-8", "LC_ALL=C", "TMPDIR=/scratch", "https_proxy=http://proxy:3128", "CLEANEXIT_JOBS=2",
				"PIP_INDEX_URL=https://mirror/simple", "PIP_EXTRA_INDEX_URL=https://extra/simple", "UV_INDEX_URL=https://uvmirror/simple",
				"PYTHONNOUSERSITE=1", "PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_INPUT=1",
				"PIP_FIND_LINKS=" + missing + " " + wheels + " https://host/links",
				"UV_FIND_LINKS=" + wheels,
			},
			wantWarnings: []string{"UV_FIND_LINKS names " + missing + ", which does not exist; ignored"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.installer, func(t *testing.T) {
			c := &Cache{environ: caller}
			c.init()
			env, warnings := c.installerEnviron(tt.installer, nil)
			if !slices.Equal(env, tt.wantVars) {
				t.Errorf("environment:\n got %q\nwant %q", env, tt.wantVars)
			}
			if !slices.Equal(warnings, tt.wantWarnings) {
				t.Errorf("warnings = %q, want %q", warnings, tt.wantWarnings)
			}
		})
	}
}

func TestCheckFindLinksVariable(t *testing.T) {
	t.Chdir(t.TempDir())
	writeFile(t, "rel/x", "")
	abs, _ := filepath.Abs("rel")
	tests := []struct {
		value, kept string
		warned      int
	}{
		{"/no/such/dir", "", 1},
		{"rel", abs, 0},                // made absolute: installers run elsewhere
		{"file:///no/such/dir", "", 1}, // file: URLs are local too
		{"https://h/links", "https://h/links", 0},
		{"/no/a,https://h/l", "https://h/l", 1}, // uv's separator is kept
	}
	for _, tt := range tests {
		kept, warnings := checkFindLinksVariable("PIP_FIND_LINKS", tt.value)
		if kept != tt.kept || len(warnings) != tt.warned {
			t.Errorf("checkFindLinksVariable(%q) = %q, %q; want %q and %d warnings", tt.value, kept, warnings, tt.kept, tt.warned)
		}
	}
}

func TestEnvEnviron(t *testing.T) {
	env := &Env{Dir: "/c/envs/k", BinDir: "/c/envs/k/bin"}
	got := env.environ([]string{"PATH=/usr/bin", "PYTHONPATH=/somewhere", "VIRTUAL_ENV=/other", "PYTHONUNBUFFERED=1", "PYTHONUSERBASE=/u"})
	want := []string{"PYTHONUNBUFFERED=1", "PYTHONNOUSERSITE=1", "VIRTUAL_ENV=/c/envs/k", "PATH=/c/envs/k/bin" + string(filepath.ListSeparator) + "/usr/bin"}
	if !slices.Equal(got, want) {
		t.Errorf("Environ:\n got %q\nwant %q", got, want)
	}
	if s := strings.Join(got, "\n"); strings.Contains(s, "somewhere") {
		t.Errorf("PYTHONPATH leaked: %q", got)
	}
}

// TestBuildEnvironKeepsSecretsOut: only the allowlist and the names a case
// asks for reach a build; a name asked for but unset is reported.
func TestBuildEnvironKeepsSecretsOut(t *testing.T) {
	caller := []string{"PATH=/bin", "HOME=/root", "GITHUB_TOKEN=t", "AWS_SECRET_ACCESS_KEY=a", "PRIVATE_INDEX_TOKEN=p", "PIP_INDEX_URL=https://u:p@mirror/simple"}
	env, warnings := buildEnviron(caller, []string{"PRIVATE_INDEX_TOKEN", "MISSING_TOKEN"})
	want := []string{"PATH=/bin", "PRIVATE_INDEX_TOKEN=p", "PIP_INDEX_URL=https://u:p@mirror/simple"}
	if !slices.Equal(env, want) {
		t.Errorf("buildEnviron = %q, want %q", env, want)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "MISSING_TOKEN") {
		t.Errorf("warnings = %q, want one naming MISSING_TOKEN", warnings)
	}
	// "PIP_" alone, or a name that only starts like a prefix, is not a match.
	if env, _ := buildEnviron([]string{"PIP_=x", "LC=y", "CLEANEXITX=z"}, nil); len(env) != 0 {
		t.Errorf("buildEnviron kept %q", env)
	}
}
