package changed

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
)

func TestChangedCases(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not found")
	}
	repo := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(rel, data string) {
		t.Helper()
		f := filepath.Join(repo, rel)
		if err := os.MkdirAll(filepath.Dir(f), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q", "-b", "main")
	write("corpus/a/kept.txtar", "1")
	write("corpus/a/edited.txtar", "1")
	write("corpus/b/deleted.txtar", "1")
	write("README.md", "1")
	run("add", ".")
	run("commit", "-q", "-m", "base")
	run("checkout", "-q", "-b", "pr")
	write("corpus/a/edited.txtar", "2")
	write("corpus/b/added.txtar", "1")
	run("add", ".")
	run("commit", "-q", "-m", "pr")
	// main moves on after the branch: its new case is not the PR's.
	run("checkout", "-q", "main")
	write("corpus/a/on-main.txtar", "1")
	run("add", ".")
	run("commit", "-q", "-m", "main moves")
	run("checkout", "-q", "pr")
	// Work not committed yet counts too.
	run("rm", "-q", "corpus/b/deleted.txtar")
	write("corpus/c/untracked.txtar", "1")
	write("corpus/c/notes.md", "not a case")
	write("README.md", "2")

	root := filepath.Join(repo, "corpus")
	got, err := Cases(root, "main")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		filepath.Join(root, "a", "edited.txtar"),
		filepath.Join(root, "b", "added.txtar"),
		filepath.Join(root, "c", "untracked.txtar"),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("changed = %q\nwant      %q", got, want)
	}

	// A change to the suite's defaults changes every case.
	write("corpus/corpus.yaml", "python: \"3.12\"\n")
	got, err = Cases(root, "main")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0] != root {
		t.Errorf("after a corpus.yaml change: %q, want the corpus root %s (every case)", got, root)
	}

	if _, err := Cases(root, "HEAD"); err != nil {
		t.Errorf("uncommitted changes against HEAD: %v", err)
	}
	run("add", ".")
	run("commit", "-q", "-m", "everything")
	if got, err := Cases(root, "HEAD"); !errors.Is(err, ErrNothing) {
		t.Errorf("nothing changed since HEAD: got %q, %v; want ErrNothing", got, err)
	}
	if _, err := Cases(root, "origin/nope"); err == nil {
		t.Error("an unknown revision was accepted")
	}
	if _, err := Cases(t.TempDir(), "main"); err == nil {
		t.Error("a folder outside git was accepted")
	}
}
