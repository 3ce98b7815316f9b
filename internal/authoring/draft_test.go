package authoring

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

func TestCasePath(t *testing.T) {
	tests := []struct {
		id, want, err string
	}{
		{id: "mlir/context-shutdown", want: filepath.Join("corpus", "mlir", "context-shutdown.txtar")},
		{id: "/mlx/compile-cache-exit.txtar/", want: filepath.Join("corpus", "mlx", "compile-cache-exit.txtar")},
		{id: "context-shutdown", err: "want PROJECT/NAME"},
		{id: "a/b/c", err: "want PROJECT/NAME"},
		{id: "mlir/Context_Shutdown", err: `"Context_Shutdown" is not a case name`},
		{id: "../x", err: `".." is not a case name`},
		{id: "mlir/-x", err: `"-x" is not a case name`},
	}
	for _, tt := range tests {
		got, err := CasePath("corpus", tt.id)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("CasePath(%q) = %q, %v; want an error containing %q", tt.id, got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("CasePath(%q) = %q, %v; want %q", tt.id, got, err, tt.want)
		}
	}
}

func TestNameFromFile(t *testing.T) {
	for in, want := range map[string]string{
		"mlir/test/python/context_shutdown.py": "context-shutdown",
		"Repro.py":                             "repro",
		"crash-at-exit.py":                     "crash-at-exit",
	} {
		if got := nameFromFile(in); got != want {
			t.Errorf("nameFromFile(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNewDraft(t *testing.T) {
	if _, err := newDraft([]txtar.File{{Name: "hook.c", Data: []byte("int x;")}}); err == nil || !strings.Contains(err.Error(), "want the Python program") {
		t.Errorf("a .c repro: %v, want a refusal", err)
	}
	d, err := newDraft(nil)
	if err != nil {
		t.Fatal(err)
	}
	d.python = []string{"3.12", "3.13t"}
	d.requires = []string{"!free-threading"}
	data, err := d.archive()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"python repro.py\n-- case.yaml --\n", "python:\n  - \"3.12\"\n  - 3.13t\n", "requires:\n  - '!free-threading'\n", "links: []\n", reproPlaceholder} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the draft lacks %q:\n%s", want, data)
		}
	}
	if formatted, err := formatArchive(data); err != nil || string(formatted) != string(data) {
		t.Errorf("new writes case.yaml out of canonical form: %v\n%s", err, formatted)
	}
}
