package envs

import (
	"archive/zip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

// writeWheel writes w as <dir>/<name>-<version>-py3-none-any.whl, with the
// files a wheel needs (the module, METADATA, WHEEL, RECORD with real hashes,
// and entry_points.txt for a script) and returns its path.
func writeWheel(t testing.TB, dir string, w testWheel) string {
	t.Helper()
	distInfo := fmt.Sprintf("%s-%s.dist-info", w.module(), w.Version)
	meta := fmt.Sprintf("Metadata-Version: 2.1\nName: %s\nVersion: %s\n", w.Name, w.Version)
	for _, r := range w.Requires {
		meta += "Requires-Dist: " + r + "\n"
	}
	files := []struct{ name, body string }{
		{w.module() + ".py", fmt.Sprintf("VALUE = %q\n\ndef main():\n    print(VALUE)\n", w.Name+" "+w.Version)},
		{distInfo + "/METADATA", meta + "\n"},
		{distInfo + "/WHEEL", "Wheel-Version: 1.0\nGenerator: cleanexit-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n"},
	}
	if w.Script != "" {
		files = append(files, struct{ name, body string }{distInfo + "/entry_points.txt",
			fmt.Sprintf("[console_scripts]\n%s = %s:main\n", w.Script, w.module())})
	}
	var record strings.Builder
	for _, f := range files {
		sum := sha256.Sum256([]byte(f.body))
		fmt.Fprintf(&record, "%s,sha256=%s,%d\n", f.name, base64.RawURLEncoding.EncodeToString(sum[:]), len(f.body))
	}
	fmt.Fprintf(&record, "%s/RECORD,,\n", distInfo)
	files = append(files, struct{ name, body string }{distInfo + "/RECORD", record.String()})

	path := filepath.Join(dir, fmt.Sprintf("%s-%s-py3-none-any.whl", w.module(), w.Version))
	out, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(out)
	for _, f := range files {
		fw, err := zw.Create(f.name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write([]byte(f.body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
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
