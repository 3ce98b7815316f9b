package bisect

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// tinyBackend is an in-tree PEP 517 backend: it zips the package into a
// wheel with zipfile, so that pip builds a commit with no network and no
// setuptools.
const tinyBackend = `import base64, hashlib, os, zipfile

NAME, VERSION = "crashy_git", "0.1"
DIST = NAME + "-" + VERSION


def _record(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d\n" % (path, digest, len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = {}
    for fn in sorted(os.listdir(NAME)):
        if fn.endswith(".py"):
            with open(os.path.join(NAME, fn), "rb") as f:
                files[NAME + "/" + fn] = f.read()
    info = DIST + ".dist-info/"
    files[info + "METADATA"] = ("Metadata-Version: 2.1\nName: crashy-git\nVersion: %s\n" % VERSION).encode()
    files[info + "WHEEL"] = b"Wheel-Version: 1.0\nGenerator: tiny\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(_record(p, d) for p, d in files.items()) + info + "RECORD,,\n"
    name = DIST + "-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as z:
        for p, d in files.items():
            z.writestr(p, d)
        z.writestr(info + "RECORD", record)
    return name
`

const pyproject = `[build-system]
requires = []
build-backend = "tiny_backend"
backend-path = ["."]

[project]
name = "crashy-git"
version = "0.1"
`

// gitRepo makes a repository of crashy-git with twelve commits; the
// seventh makes it abort at exit. It returns the repository and the SHAs,
// oldest first.
func gitRepo(t *testing.T) (string, []string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("needs git")
	}
	dir := filepath.Join(t.TempDir(), "crashy-git")
	run := func(args ...string) string {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	run("init", "--quiet", "--initial-branch=main")
	write("pyproject.toml", pyproject)
	write("tiny_backend.py", tinyBackend)
	var shas []string
	for i := 1; i <= 12; i++ {
		write("crashy_git/__init__.py", crashyBody(fmt.Sprintf("commit %d", i), i >= 7))
		run("add", "-A")
		run("commit", "--quiet", "-m", fmt.Sprintf("Change %d", i))
		shas = append(shas, run("rev-parse", "HEAD"))
	}
	return dir, shas
}

// gitStep is the test binary as `git bisect run` calls it.
func gitStep() int {
	cacheRoot = os.Getenv("BISECT_TEST_CACHE")
	s, err := runner.Open(context.Background(), runner.Config{Args: []string{os.Getenv("BISECT_TEST_CASE")}, CacheRoot: cacheRoot, Index: cases.Index{NoIndex: true}, Installer: "pip"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return ExitAbort
	}
	defer s.Close()
	tg, err := NewTarget(s, s.Cases, s.Runs, TargetOptions{Python: "3.12", Package: "crashy-git"})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return ExitAbort
	}
	st, err := judgeCommit(context.Background(), tg, os.Getenv("BISECT_TEST_REPO"), os.Getenv("BISECT_TEST_CLONE"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return ExitAbort
	}
	fmt.Println(stepLine(st))
	return st.Verdict.ExitCode()
}

func TestCommitsEndToEnd(t *testing.T) {
	repo, shas := gitRepo(t)
	// The case installs the package from the repository's folder: each step
	// replaces that with the commit (a case pinned to a release works too).
	caseFile := crashCase(t, "crashy_git", repo, repo)
	tg := openTarget(t, caseFile, cases.Index{NoIndex: true}, "crashy-git")
	clone := filepath.Join(t.TempDir(), "clone")
	if err := ensureClone(context.Background(), repo, clone, true); err != nil {
		t.Fatal(err)
	}
	t.Setenv("BISECT_TEST_STEP", "1")
	t.Setenv("BISECT_TEST_CACHE", cacheRoot)
	t.Setenv("BISECT_TEST_CASE", caseFile)
	t.Setenv("BISECT_TEST_REPO", repo)
	t.Setenv("BISECT_TEST_CLONE", clone)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	f, err := overCommits(context.Background(), tg, commits{
		Repo: repo, Clone: clone, Good: shas[0], Bad: "main", StepCommand: []string{self},
	}, func(s Step) { t.Logf("%s %s %q %s %s", s.Verdict, s.shortRev(), s.Subject, s.Actual, s.Reason) })
	if err != nil {
		t.Fatal(err)
	}
	if f.firstBad != shas[6] || f.subject != "Change 7" || f.lastGood != shas[5] {
		t.Errorf("first bad %s %q, last good %s; want %s \"Change 7\" after %s", f.firstBad, f.subject, f.lastGood, shas[6], shas[5])
	}
	// 12 commits: the ends, then at most ⌈log2 11⌉ commits in between.
	if between, limit := len(f.steps)-2, int(math.Ceil(math.Log2(11))); between < 1 || between > limit {
		t.Errorf("%d steps between the ends, want 1…%d", between, limit)
	}
	if _, err := os.Stat(filepath.Join(clone, ".git", "BISECT_START")); err == nil {
		t.Error("the clone is left mid-bisection")
	}

	// The ends are judged before git is asked anything.
	for _, tc := range []struct{ good, bad, msg string }{
		{shas[7], shas[11], "is already bad"},
		{shas[0], shas[5], "passes"},
		{shas[5], shas[0], "not an ancestor"},
	} {
		_, err := overCommits(context.Background(), tg, commits{Repo: repo, Clone: clone, Good: tc.good, Bad: tc.bad, StepCommand: []string{self}}, nil)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("good %.9s bad %.9s: err = %v, want %q", tc.good, tc.bad, err, tc.msg)
		}
	}
}
