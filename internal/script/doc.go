// Package script executes one planned run: the case's testscript, with the
// commands cleanexit adds to the script language.
//
// Commands (besides testscript's own exec, stdout, stderr, cmp, env, …):
//
//	python ARGS…
//	    Runs the environment's interpreter with -X faulthandler, in the
//	    script's current directory (initially $WORK). It succeeds when the
//	    exit status matches the variant's `exit`, when stderr matches the
//	    variant's `stderr` pattern if it has one, and, when a clean exit is
//	    expected, when stderr shows no fatal signature (Fatal Python error,
//	    Segmentation fault, an AddressSanitizer report…). `! python` is lit's
//	    `not`: the interpreter must exit by itself with a non-zero status;
//	    a death by signal, a fatal signature or exit 0 fails it (a case
//	    that expects a crash says exit: crash). Its output feeds
//	    the stdout and stderr commands. Past the variant's timeout the
//	    interpreter is sent SIGABRT, on which -X faulthandler writes every
//	    thread's stack; then its process group is killed, and the run is
//	    TIMEOUT.
//	! exec PROGRAM ARGS…
//	    testscript's exec, held to `! python`'s rule (verdict.Not): a death
//	    by signal, a fatal signature, exit 0 or a program that cannot start
//	    fails the line. See notexec.go for how the line reaches it.
//	pip ARGS…
//	    Runs pip for the case's environment.
//	build-ext [--with nanobind|pybind11] [--sanitize=address] MODULE SOURCE… [-- CFLAGS…]
//	    Compiles a C or C++ extension module into the current directory
//	    against the environment's interpreter: its include directory, its
//	    EXT_SUFFIX, -shared -fPIC, and on macOS -undefined dynamic_lookup.
//	    Empty arguments (an unset $VAR) are dropped. --with takes a binding
//	    library's headers (and nanobind's own sources, compiled once into
//	    the build cache) from the package installed in the environment, so
//	    the case pins its version. A build that fails because the host
//	    lacks a compiler, header, library or option makes the run
//	    UNSUPPORTED, saying what; any other failed build fails the run.
//
// Every process a run starts ends with the run, and none runs past the
// case's timeout for long: see reaper.go.
//
// Conditions: every feature name (see package feature) is a condition, so
// `[cuda] python gpu.py` or `[!python3.13] stop` work as in lit. Package
// scriptlang reads the script and owns the command table and the
// conditions; a script it refuses is not handed to testscript at all.
//
// The script sees a controlled environment: testscript's own variables
// ($WORK, HOME=/no-home, TMPDIR), PATH with the environment's bin first,
// VIRTUAL_ENV, and the case's `env`. The caller's PYTHON* variables and
// anything else in the caller's environment never reach it.
package script
