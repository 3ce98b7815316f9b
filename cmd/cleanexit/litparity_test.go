package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/toolchains"
)

// TestLitParity runs the real lit and cleanexit on the same lit tests
// (testdata/litparity, written in lit's style: FileCheck, not, not
// --crash, XFAIL, UNSUPPORTED, REQUIRES, directives anywhere on a line,
// continuations, END.) and asserts that each gets the same result: PASS,
// FAIL, XFAIL, XPASS or UNSUPPORTED. cleanexit's side is `import`, then
// `run`, of each test. It needs lit (pip install lit) and LLVM's FileCheck
// and not (Debian's llvm-14-tools), and skips, saying which is missing,
// without them; .ci/run installs both.
func TestLitParity(t *testing.T) {
	if testing.Short() {
		t.Skip("runs lit and cleanexit on every test of testdata/litparity")
	}
	fileCheck := toolchains.FindFileCheck(os.Getenv)
	if fileCheck == "" {
		t.Skip("no LLVM FileCheck (apt-get install llvm-14-tools)")
	}
	llvmBin := filepath.Dir(fileCheck)
	if _, err := os.Stat(filepath.Join(llvmBin, "not")); err != nil {
		t.Skipf("no LLVM not beside %s, which lit's `not --crash` runs", fileCheck)
	}
	lit, err := exec.LookPath("lit")
	if err != nil {
		t.Skip("no lit on PATH (pip install lit)")
	}
	// The interpreter both sides run: the 3.12 cleanexit finds, by its
	// real path (a pyenv shim needs variables lit does not pass on).
	found, err := toolchains.Discover(context.Background(), toolchains.Options{})
	if err != nil {
		t.Fatal(err)
	}
	python := ""
	for _, in := range found {
		if in.Major == 3 && in.Minor == 12 && python == "" {
			python = in.RealPath
		}
	}
	if python == "" {
		t.Skip("no Python 3.12, the interpreter both sides run")
	}
	// lit writes its Output folder beside the tests: a copy keeps the
	// checkout clean.
	suite := filepath.Join(t.TempDir(), "litparity")
	if err := os.CopyFS(suite, os.DirFS(filepath.Join("testdata", "litparity"))); err != nil {
		t.Fatal(err)
	}
	tests, err := filepath.Glob(filepath.Join(suite, "*.py"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range tests {
		if filepath.Base(f) != "lit.cfg.py" {
			names = append(names, filepath.Base(f))
		}
	}
	sort.Strings(names)

	litGot := runLit(t, lit, suite, python, llvmBin)
	ceGot := runCleanexit(t, suite, names, fileCheck)

	var table strings.Builder
	fmt.Fprintf(&table, "%-24s %-12s %-12s\n", "test", "lit", "cleanexit")
	for _, n := range names {
		mark := ""
		if litGot[n] != ceGot[n] {
			mark = "  <- differs"
			t.Errorf("%s: lit says %s, cleanexit %s", n, litGot[n], ceGot[n])
		}
		if litGot[n] == "" {
			t.Errorf("%s: lit reported no result", n)
		}
		fmt.Fprintf(&table, "%-24s %-12s %-12s%s\n", n, litGot[n], ceGot[n], mark)
	}
	t.Logf("lit parity:\n%s", table.String())
}

// litResultRE reads lit's result lines: "PASS: parity :: pass_plain.py (1 of 9)".
var litResultRE = regexp.MustCompile(`(?m)^([A-Z]+): parity :: (\S+)`)

func runLit(t *testing.T, lit, suite, python, llvmBin string) map[string]string {
	cmd := exec.Command(lit, "-v", "--no-progress-bar", suite)
	cmd.Env = append(os.Environ(), "PARITY_PYTHON="+python, "PARITY_LLVM_BIN="+llvmBin)
	cmd.Dir = t.TempDir()
	out, _ := cmd.CombinedOutput() // lit exits 1 when a test fails, as some must
	got := map[string]string{}
	for _, m := range litResultRE.FindAllStringSubmatch(string(out), -1) {
		got[m[2]] = m[1]
	}
	if len(got) == 0 {
		t.Fatalf("lit reported nothing:\n%s", out)
	}
	return got
}

// ceResultRE reads cleanexit's result lines: "PASS  parity/pass-plain/default/3.12  …".
var ceResultRE = regexp.MustCompile(`(?m)^([A-Z]+) +parity/([^/ ]+)/`)

func runCleanexit(t *testing.T, suite string, names []string, fileCheck string) map[string]string {
	corpus := filepath.Join(t.TempDir(), "corpus")
	byCase := map[string]string{}
	for _, n := range names {
		var stdout, stderr bytes.Buffer
		err := cmdImport([]string{"--corpus", corpus, "--summary", "lit parity: " + n, "--link", "https://github.com/cleanexit/cleanexit/issues/36", "--python", "3.12", filepath.Join(suite, n), "parity"}, &stdout, &stderr)
		if err != nil {
			t.Fatalf("import %s: %v\n%s%s", n, err, stdout.String(), stderr.String())
		}
		byCase[nameFromTest(n)] = n
	}
	t.Setenv("FILECHECK", fileCheck)
	var stdout, stderr bytes.Buffer
	cmdRun([]string{"-v", corpus}, &stdout, &stderr) // exits non-zero when a case fails, as some must
	got := map[string]string{}
	for _, m := range ceResultRE.FindAllStringSubmatch(stdout.String(), -1) {
		if n, ok := byCase[m[2]]; ok {
			got[n] = m[1]
		}
	}
	if len(got) == 0 {
		t.Fatalf("cleanexit run reported nothing:\n%s%s", stdout.String(), stderr.String())
	}
	return got
}

// nameFromTest is the case name import gives a test file.
func nameFromTest(file string) string {
	return strings.ReplaceAll(strings.TrimSuffix(file, ".py"), "_", "-")
}
