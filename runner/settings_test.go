package runner

import (
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/selection"
)

// Every CLEANEXIT_* variable reaches the session's Config, so that
// `go test ./corpus` with CLEANEXIT_FILTER or CLEANEXIT_XFAIL_NOT does
// what `cleanexit run` does with them.
func TestSettingsFromEnv(t *testing.T) {
	env := map[string]string{
		"CLEANEXIT_CORPUS":      "c",
		"CLEANEXIT_FIND_LINKS":  "/a:/b",
		"CLEANEXIT_INDEX_URL":   "https://i/simple",
		"CLEANEXIT_NO_INDEX":    "1",
		"CLEANEXIT_INSTALLER":   "pip",
		"CLEANEXIT_FILTER":      `/3\.12$`,
		"CLEANEXIT_FILTER_OUT":  "slow",
		"CLEANEXIT_SHARD":       "2/3",
		"CLEANEXIT_ORDER":       "random",
		"CLEANEXIT_SEED":        "7",
		"CLEANEXIT_XFAIL_NOT":   "a/b;c",
		"CLEANEXIT_UNSUPPORTED": "d",
		"CLEANEXIT_TIMEOUT":     "3s",
		"CLEANEXIT_BACKTRACE":   "off",
		"CLEANEXIT_CHECKS":      "dev-mode, malloc-debug",
	}
	cfg, err := SettingsFromEnv(func(k string) string { return env[k] }).Config([]string{"x"})
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"Corpus", cfg.Corpus, "c"},
		{"Args", strings.Join(cfg.Args, " "), "x"},
		{"FindLinks", strings.Join(cfg.Index.FindLinks, " "), "/a /b"},
		{"Index.URL", cfg.Index.URL, "https://i/simple"},
		{"NoIndex", cfg.Index.NoIndex, true},
		{"Installer", cfg.Installer, "pip"},
		{"Filter", cfg.Filter.String(), `/3\.12$`},
		{"FilterOut", cfg.FilterOut.String(), "slow"},
		{"Shard", cfg.Shard, selection.ShardSpec{Index: 2, Count: 3}},
		{"Order", cfg.Order, "random"},
		{"Seed", cfg.Seed, uint64(7)},
		{"XFailNot", strings.Join(cfg.Overrides.XFailNot, " "), "a/b c"},
		{"Unsupported", strings.Join(cfg.Overrides.Unsupported, " "), "d"},
		{"Timeout", cfg.Timeout, 3 * time.Second},
		{"Backtrace", cfg.Backtrace, "off"},
		{"Checks", strings.Join(cfg.Checks, " "), "dev-mode malloc-debug"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestSettingsDefaults(t *testing.T) {
	cfg, err := SettingsFromEnv(func(string) string { return "" }).Config(nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Corpus != "corpus" || cfg.Installer != "auto" || cfg.Filter != nil || cfg.Shard.Count != 0 || cfg.Order != "" {
		t.Errorf("defaults: %+v", cfg)
	}
}

// A bad setting is an error that names the flag (and so the variable),
// whether it came from a flag or from the environment.
func TestSettingsErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(*Settings)
		want string
	}{
		{"installer", func(s *Settings) { s.Installer = "conda" }, `--installer: want auto, pip or uv, not "conda"`},
		{"filter", func(s *Settings) { s.Filter = "(" }, `--filter: "(" is not a regular expression`},
		{"filter-out", func(s *Settings) { s.FilterOut = "[" }, `--filter-out: "[" is not a regular expression`},
		{"shard", func(s *Settings) { s.Shard = "4/3" }, `--shard: want I/N with 1 ≤ I ≤ N, not "4/3"`},
		{"order", func(s *Settings) { s.Order = "smrt" }, `--order: want lexical, random or smart, not "smrt"`},
		{"retries", func(s *Settings) { s.Retries = -1 }, `--retries and --max-failures take a count ≥ 0`},
		{"max-failures", func(s *Settings) { s.MaxFailures = -1 }, `--retries and --max-failures take a count ≥ 0`},
		{"repeat", func(s *Settings) { s.Repeat = -2 }, `--repeat: want 1 to`},
		{"backtrace", func(s *Settings) { s.Backtrace = "sometimes" }, `--backtrace: `},
		{"checks", func(s *Settings) { s.Checks = "dev-mod" }, `--checks: `},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := SettingsFromEnv(func(string) string { return "" })
			tt.edit(&st)
			_, err := st.Config(nil)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("error %v, want one starting %q", err, tt.want)
			}
		})
	}
}
