package envs

import (
	"fmt"
	"strings"
	"testing"

	wheels "github.com/cleanexit/cleanexit/internal/wheelhouse"
)

// testWheel describes a pure-Python distribution for writeWheel: one module
// named after the project, defining VALUE = "<name> <version>" and main().
type testWheel struct {
	Name     string
	Version  string
	Requires []string // Requires-Dist lines
	Script   string   // console script name, running the module's main; "" for none
}

func (w testWheel) module() string { return strings.ReplaceAll(w.Name, "-", "_") }

// writeWheel writes w into dir with internal/wheelhouse (the module, its
// metadata, RECORD with real hashes, and entry_points.txt for a script)
// and returns its path.
func writeWheel(t testing.TB, dir string, w testWheel) string {
	t.Helper()
	files := map[string]string{
		w.module() + ".py": fmt.Sprintf("VALUE = %q\n\ndef main():\n    print(VALUE)\n", w.Name+" "+w.Version),
	}
	if w.Script != "" {
		distInfo := fmt.Sprintf("%s-%s.dist-info", w.module(), w.Version)
		files[distInfo+"/entry_points.txt"] = fmt.Sprintf("[console_scripts]\n%s = %s:main\n", w.Script, w.module())
	}
	path, err := wheels.Wheel{Name: w.Name, Version: w.Version, Files: files, Requires: w.Requires}.Write(dir)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// wheelhouse writes the wheels into a new temporary folder and returns it.
func wheelhouse(t testing.TB, wheels ...testWheel) string {
	t.Helper()
	dir := t.TempDir()
	for _, w := range wheels {
		writeWheel(t, dir, w)
	}
	return dir
}

// threeWheels is the standard wheelhouse: gamma needs beta needs alpha, and
// gamma has a console script.
var threeWheels = []testWheel{
	{Name: "alpha", Version: "1.0"},
	{Name: "beta", Version: "1.0", Requires: []string{"alpha"}},
	{Name: "gamma", Version: "1.0", Requires: []string{"beta>=1"}, Script: "gamma-cli"},
}
