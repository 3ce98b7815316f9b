// Package scriptlang is the one reader of a case's script: the parser, the
// command table and the conditions. Every part of cleanexit that looks at
// a script line (loading and `check`, authoring's lint, the run's choice
// of pip and AddressSanitizer, the run itself) asks this package, so that
// a script `check` accepts is a script the run can start.
//
// # Goals and non-goals
//
// The language is go-internal's testscript (v1.16), which executes the
// script; this package reads it by the same rules and refuses, at the
// line, everything testscript would refuse only once the case runs. It does
// not execute anything, and it does not expand $VARIABLES: a word that
// holds one is marked (Word.Expands) and left to the run.
//
// # Lines
//
// A script is read line by line. A line that starts with # is a comment
// (testscript's phase heading); blank lines are nothing. Any other line is
//
//	[cond]… [!] command args…
//
// Words are split at spaces and tabs. A single quote starts and ends a
// quoted part, in which a doubled single quote stands for one:
//
//	python -c 'print(''it is'')'
//
// An unquoted # ends the line. $NAME and ${NAME} are replaced by the
// script's environment when the line runs. There are no double quotes, no
// backslash escapes, no pipes or redirections: "a b" is two words.
//
// Each [cond] prefix is one word: the line runs only when the condition
// holds, [!cond] when it does not. `[linux]python x.py` (no space) is an
// error, as is a line with conditions and no command.
//
// ! before the command means it must fail. For python that means the
// interpreter exits non-zero. Not every command can be negated (! cd is
// refused). cmd/go's ? (may fail) does not exist in testscript and is
// refused.
//
// # Commands
//
// The command table holds testscript's commands (exec, env,
// cp, stdout, stderr, cmp, exists, …) and cleanexit's:
//
//	python ARGS…
//	    Runs the environment's interpreter with -X faulthandler. It fails
//	    when the exit status is not the variant's `exit`.
//	pip ARGS…
//	    Runs pip for the case's environment (the run then makes one).
//	build-ext [--with nanobind|pybind11] [--sanitize=address] MODULE SOURCE… [-- CFLAGS…]
//	    Compiles a C or C++ extension module against the run's interpreter.
//
// Each command carries its usage line and checks its own arguments: the
// count testscript insists on, a pattern that compiles, build-ext's module
// and sources. A Line also answers which files it reads (python's script,
// build-ext's sources) and writes (cp's and mv's destination), and what
// it needs of the run (Needs: pip, a compiler, AddressSanitizer).
//
// # Conditions
//
// Conditions are exactly cleanexit's feature vocabulary (package feature):
// linux, darwin, windows, the architectures, cc, cuda, network, asan,
// free-threading, debug-python, python3.N — the names case.yaml's
// requires uses. testscript's own short, net, gc, gccgo, go1.x, exec:…,
// link, symlink, unix and cmd/go's root are refused, each saying what to
// write instead ([short] panics outside go test; [net] is [network]).
//
// # Errors
//
// Parse returns an Error per bad line with its number in the file the
// script came from; package cases turns them into file:line errors.
package scriptlang
