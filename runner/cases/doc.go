// Package cases loads and validates cleanexit's regression cases.
//
// # What a case is
//
// A case is one txtar archive, corpus/<project>/<name>.txtar, that shows
// a Python process ending badly at interpreter shutdown — or, in its fixed
// form, ending well. Its comment section (the text before the first file
// marker) is a testscript script; it must hold a file named case.yaml; every
// other file is copied into the script's $WORK:
//
//	# Entering a Context without exiting it segfaulted at shutdown.
//	python context_shutdown.py
//	stdout '^ok$'
//	-- case.yaml --
//	summary: entered MLIR Context segfaults at interpreter shutdown
//	links: [https://github.com/llvm/llvm-project/pull/203826]
//	packages: [mlir-python-bindings==22.0.0]
//	variants:
//	  regressed:
//	    packages: [mlir-python-bindings==21.0.0]
//	    exit: SIGSEGV
//	-- context_shutdown.py --
//	…
//
// A case whose script has no commands and that holds exactly one .py file
// runs `python FILE`, as lit's `RUN: %PYTHON %s`, so an upstream test can be
// dropped in verbatim.
//
// # case.yaml
//
//	summary      one line: what broke (required)
//	links        upstream issue / PR / commit URLs (required, at least one)
//	python       interpreters: "3.13", "3.12.1", "3.13t" (free-threaded), or a
//	             specifier ">=3.10,<3.14"; a string or a list. Default: the
//	             suite's (corpus.yaml), else every CPython ≥ 3.8 found
//	packages     PEP 508 requirements: name==ver, name @ git+https://…@rev,
//	             or local paths relative to the case file (./pkg)
//	module-alias a test's module to the module that provides it
//	             ({mlir: iree.compiler}), applied to every python run
//	index        url, extra (list), find-links (list, relative to the case
//	             file), no-index (bool), env (list: the caller's variables the
//	             environment build may see beyond PATH, locale, TMPDIR,
//	             proxies and PIP_*/UV_* settings; `check` lists such cases)
//	requires     feature expressions that must all hold, else UNSUPPORTED
//	unsupported  feature expressions; any holds: UNSUPPORTED
//	xfail        feature expressions; any holds: expected to fail ("*": always)
//	exit         expected end of python runs: 0, 134, SIGABRT, SIGSEGV, a
//	             list of those, crash (any death by signal, or a fatal
//	             error on stderr), or timeout (still running at timeout: a
//	             declared hang). Default 0. On POSIX, 128+N matches signal
//	             N. A list's 0 must still be clean; no end may be named twice
//	stderr       a regular expression python's stderr must match
//	timeout      per python run, e.g. 30s; past it: TIMEOUT, or the
//	             declared end for exit: timeout. Default 60s
//	env          extra environment for the script
//	repeat       runs per interpreter; one failure fails the variant
//	retries      extra tries after a failure; a later pass is FLAKYPASS
//	clean        strict: also fail a clean exit whose stderr shows
//	             "Exception ignored" or an atexit traceback
//	phase        a phase of death, or a list: a crash passes only if its
//	             native stack shows it died there (runtime, finalization,
//	             thread-local-destructor, static-destructor, c-atexit,
//	             other-thread); needs a crashing exit. Where the
//	             evidence cannot show the phase (no debugger, no crash
//	             again, no symbols, backtrace off) the run is UNSUPPORTED
//	backtrace    off, crash or always: when a python run is repeated under
//	             gdb/lldb for its native stacks. Default crash
//	checks       runtime checks, each also run as a variant of its own named
//	             "<variant>+<check>": dev-mode (PYTHONDEVMODE=1, as -X dev)
//	             and malloc-debug (PYTHONMALLOC=debug). --checks adds them
//	             to every variant
//	known-bad    variant names that prove the case catches the bug, beyond
//	             those whose exit is not 0
//	variants     name → overrides of any key above from python to clean;
//	             a variant's env merges over the case's, every other key
//	             replaces the case's value. The case itself is "default"
//	versions     the version matrix: one package → {version or range: the
//	             end in exit's words}, e.g. {mlx: {0.32.0: 0, 0.32.1:
//	             SIGABRT, ">=0.32.2": 0}}. Each entry is a variant of the
//	             case with that package pinned to it, named for the entry
//	             ("mlx-0.32.1", "mlx-ge0.32.2"); entries whose ranges share
//	             a version are an error, at the later entry's line
//
// Unknown keys are errors, as are unknown feature names: a misspelt
// `requires: [darwn]` would otherwise be silently false.
//
// # Features
//
// Expressions combine names with &&, || and ! and parentheses, as in lit:
// `darwin && arm64`, `linux || darwin`, `!free-threading`. The names are
// listed by feature.Vocabulary: the OS, the arch, apple-silicon, metal, cuda, cc,
// network, asan, filecheck, and per interpreter python3.N, free-threading and
// debug-python. The same names, and only they, are the script's
// conditions: [cuda] cmd. Package scriptlang reads the script; every line
// it refuses is an error here, at its line.
//
// # Errors
//
// Every problem is reported as file:line: message, with the line of the
// .txtar (not of case.yaml inside it), and loading goes on to report every
// problem at once. A case never panics the loader: names that escape $WORK
// (".." or absolute), a missing case.yaml, malformed YAML, unknown keys and
// features, unparsable requirements and versions are all errors.
package cases
