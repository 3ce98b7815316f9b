package cases

import (
	"strings"
	"testing"
)

const matrixCase = `python repro.py
-- case.yaml --
summary: s
links: [https://example.com/1]
packages: [numpy==2.0, "mlx[cpu]==0.32.2"]
stderr: PyThreadState_Get
variants:
  control:
    env: {A: "1"}
versions:
  mlx:
    0.32.0: 0
    0.32.1: [SIGABRT, SIGSEGV]
    ">=0.32.2,<0.33": 0
    ==0.33.*: timeout
-- repro.py --
`

func TestVersionMatrix(t *testing.T) {
	c, err := Parse("c.txtar", "mlx", []byte(matrixCase))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, v := range c.Variants {
		names = append(names, v.Name)
	}
	if got := strings.Join(names, " "); got != "default control mlx-0.32.0 mlx-0.32.1 mlx-ge0.32.2-lt0.33 mlx-0.33.x" {
		t.Fatalf("variants = %s", got)
	}
	for _, tt := range []struct {
		variant, pkgs, exit string
		line                int
		knownBad            bool
	}{
		{"mlx-0.32.0", "numpy==2.0 mlx[cpu]==0.32.0", "0", 12, false},
		{"mlx-0.32.1", "numpy==2.0 mlx[cpu]==0.32.1", "[SIGABRT, SIGSEGV]", 13, true},
		{"mlx-ge0.32.2-lt0.33", "numpy==2.0 mlx[cpu]>=0.32.2,<0.33", "0", 14, false},
		{"mlx-0.33.x", "numpy==2.0 mlx[cpu]==0.33.*", "timeout", 15, true},
	} {
		v := c.Variant(tt.variant)
		var pkgs []string
		for _, p := range v.Packages {
			pkgs = append(pkgs, p.String())
		}
		if got := strings.Join(pkgs, " "); got != tt.pkgs || v.Exit.String() != tt.exit || v.Line != tt.line || v.KnownBad(c) != tt.knownBad {
			t.Errorf("%s: packages %s, exit %s, line %d, known-bad %v; want %s, %s, %d, %v", tt.variant, got, v.Exit, v.Line, v.KnownBad(c), tt.pkgs, tt.exit, tt.line, tt.knownBad)
		}
		// The rest is the case's own: its stderr pattern, not a variant's env.
		if v.Stderr == nil || v.Env["A"] != "" {
			t.Errorf("%s: stderr %v, env %v: want the case's", tt.variant, v.Stderr, v.Env)
		}
	}
	if def := c.Variant("default"); def.Packages[1].Specifier != "==0.32.2" {
		t.Errorf("the matrix changed the default variant's pin: %v", def.Packages)
	}
}

func TestVersionMatrixAddsAPackageTheCaseLacks(t *testing.T) {
	text := strings.Replace(matrixCase, `packages: [numpy==2.0, "mlx[cpu]==0.32.2"]`, `packages: [numpy==2.0]`, 1)
	c, err := Parse("c.txtar", "mlx", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if p := c.Variant("mlx-0.32.1").Packages; len(p) != 2 || p[1].String() != "mlx==0.32.1" {
		t.Errorf("packages = %v", p)
	}
}

func TestVersionMatrixErrors(t *testing.T) {
	head := "python repro.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n"
	for _, tt := range []struct{ name, yaml, want string }{
		{"overlapping ranges", "versions:\n  mlx:\n    0.32.1: 0\n    \">=0.32.0\": crash\n",
			`c.txtar:8: versions: mlx: ">=0.32.0" overlaps "0.32.1" (line 7): both admit 0.32.1`},
		{"overlapping specifiers", "versions:\n  mlx:\n    \"<0.33\": 0\n    \">=0.32.2\": 0\n",
			`c.txtar:8: versions: mlx: ">=0.32.2" overlaps "<0.33" (line 7): both admit 0.32.2`},
		{"one version twice", "versions:\n  mlx:\n    0.32.1: 0\n    ==0.32.1: crash\n",
			`c.txtar:8: versions: mlx: "==0.32.1" overlaps "0.32.1" (line 7)`},
		{"two packages", "versions:\n  mlx: {0.32.1: 0}\n  numpy: {2.0: 0}\n",
			`c.txtar:6: versions: want one package`},
		{"not a package", "versions:\n  \"mlx>=1\": {0.32.1: 0}\n",
			`c.txtar:6: versions: "mlx>=1" is not a package name`},
		{"no entries", "versions:\n  mlx: 0.32.1\n",
			`c.txtar:6: versions: mlx: want a mapping of versions or ranges`},
		{"bad version", "versions:\n  mlx:\n    latest: 0\n",
			`c.txtar:7: versions: mlx: "latest": pep440: invalid specifier`},
		{"bad exit", "versions:\n  mlx:\n    0.32.1: SIGABORT\n",
			`c.txtar:7: exit: "SIGABORT" is not a signal name`},
		{"name clash", "variants:\n  mlx-0.32.1:\n    env: {A: \"1\"}\nversions:\n  mlx:\n    0.32.1: 0\n",
			`c.txtar:10: versions: mlx: "0.32.1" makes variant "mlx-0.32.1", which the case already has`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("c.txtar", "mlx", []byte(head+tt.yaml+"-- repro.py --\n"))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Parse = %v\nwant an error containing %s", err, tt.want)
			}
		})
	}
}
