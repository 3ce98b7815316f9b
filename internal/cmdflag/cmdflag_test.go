package cmdflag

import (
	"bytes"
	"flag"
	"slices"
	"strings"
	"testing"
)

// Flags are found wherever they stand; after "--" nothing is a flag.
func TestParseInterspersed(t *testing.T) {
	for _, tt := range []struct {
		args   []string
		rest   []string
		filter string
		j      int
	}{
		{[]string{"a", "--filter", "x", "b"}, []string{"a", "b"}, "x", 0},
		{[]string{"--filter=x", "a"}, []string{"a"}, "x", 0},
		{[]string{"a", "--", "--filter", "-j2"}, []string{"a", "--filter", "-j2"}, "", 0},
		{[]string{"-j2", "a", "-j", "3"}, []string{"a"}, "", 3},
		{[]string{"-j2x"}, nil, "", -1}, // not make's spelling: an unknown flag
		{nil, nil, "", 0},
	} {
		fs := New("run", "", &bytes.Buffer{})
		filter := fs.String("filter", "", "")
		j := fs.Int("j", 0, "")
		rest, err := Parse(fs, SplitJobs(tt.args))
		if tt.j < 0 {
			if err == nil {
				t.Errorf("%q: no error", tt.args)
			}
			continue
		}
		if err != nil || !slices.Equal(rest, tt.rest) || *filter != tt.filter || *j != tt.j {
			t.Errorf("%q: rest %q, filter %q, j %d, err %v; want %q, %q, %d", tt.args, rest, *filter, *j, err, tt.rest, tt.filter, tt.j)
		}
	}
}

// A typo gets the nearest flag a user may give, never an internal one;
// usage lists no internal flag, and no heading without flags.
func TestUsageAndTypos(t *testing.T) {
	var out bytes.Buffer
	fs := New("bisect", "CASE", &out)
	fs.Bool("git-step", false, Internal+" judge a commit")
	fs.String("package", "", "the package")
	for arg, want := range map[string]string{
		"--pakage":  "flag provided but not defined: -pakage (did you mean --package?)\n",
		"--git-stp": "flag provided but not defined: -git-stp\n",
	} {
		out.Reset()
		if _, err := Parse(fs, []string{arg}); err == nil {
			t.Errorf("%s: no error", arg)
		}
		if first, _, _ := strings.Cut(out.String(), "usage:"); first != want {
			t.Errorf("%s: said %q, want %q", arg, first, want)
		}
	}
	out.Reset()
	fs.Usage()
	if s := out.String(); !strings.Contains(s, "-package") || strings.Contains(s, "git-step") {
		t.Errorf("usage:\n%s", s)
	}
	out.Reset()
	New("toolchains", "", &out).Usage()
	if s := out.String(); s != "usage: cleanexit toolchains \n" {
		t.Errorf("usage without flags = %q", s)
	}
}

// A flag over a variable's list replaces it or adds to it, as told.
func TestOver(t *testing.T) {
	env := []string{"e1", "e2"}
	fromEnv := []string{"x"}
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	fs.Var(Over(&env, true), "find-links", "")
	fs.Var(Over(&fromEnv, false), "xfail-not", "")
	var l List
	fs.Var(&l, "link", "")
	if err := fs.Parse([]string{"--find-links", "a", "--find-links", "b", "--xfail-not", "y", "--link", "u", "--link", "v"}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(env, []string{"a", "b"}) || !slices.Equal(fromEnv, []string{"x", "y"}) || !slices.Equal(l, List{"u", "v"}) {
		t.Errorf("find-links %q, xfail-not %q, link %q", env, fromEnv, l)
	}
}

// TestBoolSet: a boolean flag is seen in the arguments themselves, in each
// spelling, and not after "--" or as another flag's prefix.
func TestBoolSet(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want bool
	}{
		{[]string{"--bisect-exit"}, true},
		{[]string{"-bisect-exit"}, true},
		{[]string{"--fliter", "x", "--bisect-exit=true"}, true},
		{[]string{"--bisect-exit=1"}, true},
		{[]string{"--bisect-exit=false"}, false},
		{[]string{"--bisect-exit", "--bisect-exit=false"}, false},
		{[]string{"--bisect-exit=maybe"}, false},
		{[]string{"--bisect-exits"}, false},
		{[]string{"bisect-exit"}, false},
		{[]string{"--", "--bisect-exit"}, false},
		{nil, false},
	} {
		if got := BoolSet(tt.args, "bisect-exit"); got != tt.want {
			t.Errorf("BoolSet(%q) = %v, want %v", tt.args, got, tt.want)
		}
	}
}
