package envs

import (
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// A Building is an environment build under way, for a status line that
// would otherwise show a run standing still for the minutes a big wheel
// takes to arrive.
type Building struct {
	Key   string
	Step  string    // the command running now: "venv", "pip download", "uv pip install"…
	Since time.Time // when the build began
	// Dir is the build's folder: the venv it fills and the installer's
	// TMPDIR, where pip writes a download as it arrives.
	Dir string
}

// Building lists the builds under way, oldest first.
func (c *Cache) Building() []Building {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]Building, 0, len(c.building))
	for _, b := range c.building {
		out = append(out, *b)
	}
	slices.SortFunc(out, func(a, b Building) int { return a.Since.Compare(b.Since) })
	return out
}

// AtIndex says whether the build of spec's environment under way here is
// at a step that reads a package index: pip's or uv's install, or pip's
// download. Before it the venv is being made; after it the build compiles
// byte code and seals the environment, and a silent index is no reason
// for its time.
func (c *Cache) AtIndex(spec Spec) bool {
	key := spec.key()
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.building[key]
	return b != nil && slices.Contains(indexSteps, b.Step)
}

// indexSteps are the steps (stepName) at which an installer reads an index.
var indexSteps = []string{"pip install", "pip download", "uv pip install"}

// track records that the build of key began in dir; the func it returns
// records that it ended.
func (c *Cache) track(key, dir string) (done func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.building == nil {
		c.building = map[string]*Building{}
	}
	c.building[key] = &Building{Key: key, Since: time.Now(), Dir: dir}
	return func() {
		c.mu.Lock()
		defer c.mu.Unlock()
		delete(c.building, key)
	}
}

// step records the command key's build runs now.
func (c *Cache) step(key string, argv []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b := c.building[key]; b != nil {
		b.Step = stepName(argv)
	}
}

// stepName is what a status line calls a build's command: `uv pip
// install`, `pip download`, `venv`.
func stepName(argv []string) string {
	if len(argv) == 0 {
		return ""
	}
	if i := slices.Index(argv, "-m"); i >= 0 && i+1 < len(argv) {
		name := argv[i+1]
		if name == "pip" && i+2 < len(argv) {
			name += " " + argv[i+2]
		}
		return name
	}
	if slices.Contains(argv, compileScript) {
		return "compile byte code"
	}
	name := filepath.Base(argv[0])
	if name == "uv" && len(argv) > 1 {
		words := []string{name, argv[1]}
		if argv[1] == "pip" && len(argv) > 2 {
			words = append(words, argv[2])
		}
		return strings.Join(words, " ")
	}
	return name
}
