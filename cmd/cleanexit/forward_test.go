package main

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// bisect's step is a child cleanexit that git runs in a clone: the session
// flags it is given must parse back, in another directory, to the session
// the parent had, and none may be forgotten when a flag is added.
func TestForwardRoundTrip(t *testing.T) {
	var parent sessionFlags
	parent.register(flag.NewFlagSet("parent", flag.ContinueOnError))
	parent.Corpus = "corpus"
	parent.FindLinks = []string{"wheels", "https://example.com/wheels/"}
	parent.IndexURL = "https://example.com/simple/"
	parent.ExtraIndex = []string{"https://a.example/simple/", "https://b.example/simple/"}
	parent.NoIndex = true
	parent.Installer = "pip"
	parent.Checks = "dev-mode"
	parent.Override = []string{"mlx=dist", "numpy==2.0"}
	parent.OverrideAll = true
	args := parent.Forward()

	fs := flag.NewFlagSet("child", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var child sessionFlags
	child.register(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("the child cannot parse %q: %v", args, err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	want := parent.Settings
	want.Corpus = filepath.Join(wd, "corpus")
	want.FindLinks = []string{filepath.Join(wd, "wheels"), "https://example.com/wheels/"}
	want.Override = []string{"mlx=" + filepath.Join(wd, "dist"), "numpy==2.0"}
	if !reflect.DeepEqual(child.Settings, want) {
		t.Errorf("forwarded %q\n got %+v\nwant %+v", args, child.Settings, want)
	}

	// Selection is not forwarded: the child is told its one run.
	notForwarded := []string{"filter", "filter-out"}
	fs.VisitAll(func(f *flag.Flag) {
		if !slices.Contains(args, "--"+f.Name) && !slices.Contains(notForwarded, f.Name) {
			t.Errorf("session flag --%s is not forwarded to the step", f.Name)
		}
	})
}
