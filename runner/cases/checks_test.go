package cases

import (
	"strings"
	"testing"
)

func TestChecksAreVariants(t *testing.T) {
	c, err := Parse("corpus/p/c.txtar", "p", []byte(`python x.py
-- case.yaml --
summary: s
links: [https://example.com/1]
checks: [dev-mode, malloc-debug]
env: {A: "1"}
variants:
  buggy:
    exit: crash
  plain:
    checks: []
    env: {B: "2"}
-- x.py --
`))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, v := range c.Variants {
		names = append(names, v.Name)
	}
	want := "default buggy plain default+dev-mode default+malloc-debug buggy+dev-mode buggy+malloc-debug"
	if got := strings.Join(names, " "); got != want {
		t.Fatalf("variants %s, want %s", got, want)
	}
	dev, mal, bad := c.Variant("default+dev-mode"), c.Variant("default+malloc-debug"), c.Variant("buggy+malloc-debug")
	if dev.Env["PYTHONDEVMODE"] != "1" || dev.Env["A"] != "1" || dev.Check != "dev-mode" || dev.Env["PYTHONMALLOC"] != "" {
		t.Errorf("default+dev-mode: env %v check %q, want A=1 and PYTHONDEVMODE=1 only", dev.Env, dev.Check)
	}
	if mal.Env["PYTHONMALLOC"] != "debug" || mal.Env["PYTHONDEVMODE"] != "" {
		t.Errorf("default+malloc-debug: env %v, want PYTHONMALLOC=debug only", mal.Env)
	}
	if !bad.Exit.Crash {
		t.Errorf("buggy+malloc-debug: exit %v, want buggy's crash", bad.Exit)
	}
	if c.Variant("default").Env["PYTHONDEVMODE"] != "" {
		t.Errorf("the check's environment leaked into its base variant: %v", c.Variant("default").Env)
	}

	// The command line's --checks adds to every declared variant, once.
	c.AddChecks([]string{"dev-mode"})
	if c.Variant("plain+dev-mode") == nil || len(c.Variants) != 8 {
		t.Errorf("after AddChecks(dev-mode): %d variants, want plain+dev-mode added and nothing doubled", len(c.Variants))
	}
}

func TestChecksRejected(t *testing.T) {
	_, err := Parse("corpus/p/c.txtar", "p", []byte("python x.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\nchecks: [dev_mode]\n-- x.py --\n"))
	if err == nil || !strings.Contains(err.Error(), "c.txtar:5: checks: unknown check \"dev_mode\" (did you mean dev-mode?)") {
		t.Errorf("err = %v, want one at line 5 suggesting dev-mode", err)
	}
}
