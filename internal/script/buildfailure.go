package script

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/cleanexit/cleanexit/internal/suggest"
	"github.com/rogpeppe/go-internal/testscript"
)

// A compileError is a compiler run that failed, with what it wrote to
// stderr: the evidence buildFailed reads to say whose fault it was.
type compileError struct {
	compiler string
	argv     []string
	stderr   string
	err      error
	started  bool // false when the compiler could not be started at all
}

func (e *compileError) Error() string {
	return fmt.Sprintf("%s %s: %v", e.compiler, strings.Join(e.argv, " "), e.err)
}

// compile runs the compiler in dir ("" for the script's directory), its
// output going to the script's log as well.
func (x *execution) compile(ts *testscript.TestScript, dir, compiler string, argv []string) error {
	if dir == "" {
		dir = ts.MkAbs(".")
	}
	return runCompiler(dir, untimedEnviron(x.environ(ts)), ts.Stdout(), ts.Stderr(), x.compilerJail(ts), compiler, argv)
}

// runCompiler runs the compiler, confined by jail where it is not nil; a
// failure is a *compileError holding what it wrote to stderr.
func runCompiler(dir string, env []string, stdout, stderr io.Writer, jail *confine.Policy, compiler string, argv []string) error {
	var errs bytes.Buffer
	cmd := exec.Command(compiler, argv...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.Stdout = stdout
	cmd.Stderr = io.MultiWriter(stderr, &errs)
	var err error
	if jail != nil {
		err = confine.Prepare(cmd, *jail)
	}
	if err == nil {
		if err = startProcess(cmd); err == nil {
			err = confine.Wait(cmd)
		}
	}
	if err != nil {
		return &compileError{compiler: compiler, argv: argv, stderr: errs.String(), err: err, started: cmd.ProcessState != nil}
	}
	return nil
}

// buildFailed ends the script after a failed build: UNSUPPORTED when the
// host lacks what the case needs (a compiler, a header, a library, a
// language standard), which is no fault of the case; a failure otherwise.
func (x *execution) buildFailed(ts *testscript.TestScript, module string, err error) {
	var ce *compileError
	if errors.As(err, &ce) && !ce.started {
		if reason := x.hostTrouble("the compiler "+ce.compiler, ce.err); reason != "" {
			ts.Fatalf("build-ext %s: %s", module, reason)
		}
	}
	if errors.As(err, &ce) {
		var names []string
		for _, f := range x.job.Run.Case.Files {
			names = append(names, f.Name)
		}
		lack, hint := hostLacks(ce, names)
		if lack != "" {
			x.mu.Lock()
			x.unsupported = "build-ext " + module + ": host lacks " + lack
			x.mu.Unlock()
			// The outcome's Unsupported makes the run UNSUPPORTED; Fatalf
			// only ends the script (testscript has no skip for commands).
			ts.Fatalf("%s (the host's problem, not the case's)", x.unsupported)
		}
		ts.Fatalf("build-ext %s: %v: the case's code does not compile%s", module, err, hint)
	}
	ts.Fatalf("build-ext %s: %v", module, err)
}

var (
	// gcc: "a.c:1:10: fatal error: zlib.h: No such file or directory";
	// clang: "a.c:1:10: fatal error: 'zlib.h' file not found".
	missingHeader = lazyregexp.New(`fatal error: (?:'([^']+)' file not found|([^:\s]+): No such file or directory)`)
	// GNU ld: "cannot find -lz"; Apple ld: "library not found for -lz".
	missingLibrary = lazyregexp.New(`(?:cannot find|library not found for) -l([^\s:]+)`)
	// gcc: "unrecognized command-line option '-std=c++23'" (older gcc without
	// the hyphen); clang: "invalid value 'c++23' in '-std=c++23'" or
	// "unknown argument: '-fsanitize=foo'"; "unsupported option".
	badOption = lazyregexp.New(`(?:unrecognized command[- ]line option|unknown argument:|invalid value '[^']*' in|unsupported option) ['‘"]?([^'’"\s]+)`)
	// The sanitizer runtime: "cannot find libasan_preinit.o", "cannot find
	// /usr/lib/.../libasan.so".
	missingRuntime = lazyregexp.New(`cannot find (\S*lib\w+san[^\s:]*)`)
)

// hostLacks reads a failed build and names what the host lacks, or "" when
// the failure is the case's own; hint, in that case, says what the case
// probably meant (a header named like one of its files).
func hostLacks(ce *compileError, caseFiles []string) (lack, hint string) {
	if !ce.started {
		return fmt.Sprintf("a compiler: %s is not on PATH (set CC or CXX, or install one)", ce.compiler), ""
	}
	if m := missingHeader.FindStringSubmatch(ce.stderr); m != nil {
		header := m[1] + m[2]
		// A header named like one of the case's own files is a typo in the
		// case, not a library the host lacks.
		var bases []string
		for _, f := range caseFiles {
			bases = append(bases, path.Base(f))
		}
		if s := suggest.Closest(path.Base(header), bases, 2); s != "" {
			return "", fmt.Sprintf(" (%s is missing; did you mean %s, which the case holds?)", header, s)
		}
		return "header " + header + " (install the library's development files)", ""
	}
	if m := missingRuntime.FindStringSubmatch(ce.stderr); m != nil {
		return "the sanitizer runtime " + path.Base(m[1]), ""
	}
	if m := missingLibrary.FindStringSubmatch(ce.stderr); m != nil {
		return "library lib" + m[1] + " (install it, or its development files)", ""
	}
	if m := badOption.FindStringSubmatch(ce.stderr); m != nil {
		return fmt.Sprintf("compiler support for %s (%s is too old or not the compiler the case needs)", m[1], ce.compiler), ""
	}
	return "", ""
}
