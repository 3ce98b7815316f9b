package reduce

import (
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/rogpeppe/go-internal/txtar"
)

// A Python candidate must keep every call of the case's own extension
// that the original made; other calls, and other modules', may go.
func TestExtensionCallsKept(t *testing.T) {
	c := &cases.Case{Script: "build-ext holder holder.c\nbuild-ext --with nanobind nb cache.cpp -- $FIXFLAG\npython repro.py\n", ScriptLine: 1}
	orig := "import holder, json\nfrom nb import keep as k, drop\nholder.keep(config)\nk(1)\nholder . add(1, 2)\ndrop()\njson.dumps(holder.VERSION)\n"
	calls := newExtensionCalls(c, []txtar.File{{Name: "repro.py", Data: []byte(orig)}}, []string{"repro.py"})
	for _, tt := range []struct {
		name, src string
		kept      bool
	}{
		{"the original", orig, true},
		{"a simpler argument", "import holder\nfrom nb import keep as k, drop\nholder.keep({})\nk(0)\nholder.add(0, 0)\ndrop()\n", true},
		{"the attribute read that is no call may go", "import holder\nfrom nb import keep as k, drop\nholder.keep(config)\nk(1)\nholder.add(1, 2)\ndrop()\n", true},
		{"holder.keep dropped", "import holder\nfrom nb import drop\nholder.add(1, 2)\ndrop()\n", false},
		{"drop() dropped", "import holder\nholder.keep(config)\nholder.add(1, 2)\nk(1)\n", false},
		{"k(), keep as k, dropped", "import holder\nfrom nb import drop\nholder.keep(config)\nholder.add(1, 2)\ndrop()\n", false},
		{"another module's drop is not nb's", "import holder\nholder.keep(config)\nholder.add(1, 2)\nos.drop()\n", false},
	} {
		if got := calls.kept("repro.py", tt.src); got != tt.kept {
			t.Errorf("%s: kept = %v, want %v", tt.name, got, tt.kept)
		}
	}
	if calls.kept("other.py", "") != true {
		t.Error("a file the original did not hold has no calls to keep")
	}
	if newExtensionCalls(&cases.Case{Script: "python repro.py\n", ScriptLine: 1}, []txtar.File{{Name: "repro.py", Data: []byte(orig)}}, []string{"repro.py"}) != nil {
		t.Error("a case that builds no extension has no calls to keep")
	}
}
