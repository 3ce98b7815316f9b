package main

import (
	"flag"
	"io"
	"slices"
	"testing"

	"github.com/cleanexit/cleanexit/internal/command"
)

// A flag given on the command line beside its CLEANEXIT_* variable: a
// repeatable --find-links replaces the variable's list, as pip's does,
// while --xfail-not adds to CLEANEXIT_XFAIL_NOT, as lit's does.
func TestRunFlagsOverVariables(t *testing.T) {
	t.Setenv("CLEANEXIT_FIND_LINKS", "/env-wheels")
	t.Setenv("CLEANEXIT_XFAIL_NOT", "a/b;c")
	t.Setenv("CLEANEXIT_SHARD", "1/2")
	t.Setenv("CLEANEXIT_FILTER", "env")
	var f runFlags
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	f.register(fs)
	if err := fs.Parse([]string{"--find-links", "/w1", "--find-links", "/w2", "--xfail-not", "d", "--filter", "flag"}); err != nil {
		t.Fatal(err)
	}
	cfg, err := f.Settings.Config(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Index.FindLinks; !slices.Equal(got, []string{"/w1", "/w2"}) {
		t.Errorf("find-links = %q, want the flags' alone", got)
	}
	if got := cfg.Overrides.XFailNot; !slices.Equal(got, []string{"a/b", "c", "d"}) {
		t.Errorf("xfail-not = %q, want the variable's and the flag's", got)
	}
	if got := cfg.Shard.String(); got != "1/2" {
		t.Errorf("shard = %s, want CLEANEXIT_SHARD's 1/2", got)
	}
	if got := cfg.Filter.String(); got != "flag" {
		t.Errorf("filter = %s, want the flag's", got)
	}

	// A command that takes only the session flags is not sharded by
	// CLEANEXIT_SHARD: list and prove see every run.
	cfg, err = f.sessionFlags.Settings.SessionOnly().Config(nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Shard.Count != 0 || cfg.Overrides.XFailNot != nil {
		t.Errorf("session-only config carries run control: shard %v, xfail-not %q", cfg.Shard, cfg.Overrides.XFailNot)
	}
}

// A usage error under --bisect-exit aborts git's bisection however the
// flag is spelt, and wherever it stands: a typo before it stops the
// parsing, and a 2 would mark the commit bad.
func TestUsageStatusUnderBisectExit(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"--fliter", "x"}, command.UsageError},
		{[]string{"--fliter", "x", "--bisect-exit"}, 128},
		{[]string{"--fliter", "x", "-bisect-exit"}, 128},
		{[]string{"--fliter", "x", "--bisect-exit=true"}, 128},
		{[]string{"--fliter", "x", "--bisect-exit=1"}, 128},
		{[]string{"--fliter", "x", "--bisect-exit=false"}, command.UsageError},
		{[]string{"--fliter", "x", "--", "--bisect-exit"}, command.UsageError},
		{[]string{"bisect-exit"}, command.UsageError},
	} {
		var f runFlags
		if got := f.usageStatus(tt.args); got != tt.want {
			t.Errorf("%q: status %d, want %d", tt.args, got, tt.want)
		}
	}
}
