// Package reduce shrinks a crashing case's repro to the lines that still
// crash the same way: C-Reduce's idea, for "the interpreter crashed on the
// way out".
//
// Interesting means the chosen variant fails as the original did: the same
// exit status class (the same signal, or the same non-zero code), the same
// stderr signature from internal/diagnose, the variant's own script checks
// (a known-bad variant must still pass as declared), and, where the crash
// was rerun under the debugger (internal/forensics; `backtrace: crash`, the
// default), the same phase and culprit frame (forensics.Native.SameCrash,
// which leaves line numbers out, since reduction moves them, and the
// frame that faulted: a NULL or garbage pointer dereferenced in the
// culprit is not the object released after finalization under it). When
// the case has a fixed variant that passes, a candidate must keep it
// passing, so that the reduced case still discriminates.
//
// What shrinks: each named archive file, by default the .py files the
// script runs and the C/C++ sources build-ext compiles. Passes run to a
// fixpoint: ddmin over top-level statements (Python: through a helper run
// by the target interpreter, whose own ast module reads every version's
// syntax; C/C++: brace-balanced blocks, #if groups, comments), then the
// statements or blocks nested one level deeper and so on; then, for
// Python, simpler literal arguments and unused imported names, for C/C++
// namespace and extern blocks unwrapped and rewrites inside lines (a
// variable used once inlined, initialisers dropped, literals made "" and
// 0, a brace list's trailing elements dropped, a statement split over
// lines joined, a short block put on one line); then lines.
//
// Meaning: a candidate may not change what the program means to keep
// the crash. A Python file must still make every call of the case's own
// extension that the original made (extcalls.go), and a C/C++ source may
// not add an undefined-behaviour warning (an uninitialised use, a
// missing return: soundcheck.go) to the original's, compiled as the build
// would at -O1; such candidates are rejected before a run (Unsound).
// The rewrites keep the sentinel that ends a table the C API reads up to
// ({NULL}, {}); what a compiler cannot see otherwise (an array indexed
// past its end, a loop that no longer advances) is not caught.
//
// Cost: a candidate seen before has its verdict, Python that does not
// parse and C/C++ whose brackets do not pair are rejected before a run,
// and C/C++ that the compiler's -fsyntax-only rejects (with the source's
// opening up to Python.h precompiled: compilecheck.go) costs no build.
// A changed .py does not rebuild the extension (build-ext's cache leaves
// Python sources out of its key), and the case's cached environment is
// reused. Passes that rewrite one place at a time (firstOf) go on after a
// success where they were, as C-Reduce's do, rather than judging again
// the candidates that just failed. Candidates are screened Jobs at a time
// without the debugger and without the fixed variant (exit status class,
// stderr signature, the script's checks); the first in file order that
// passes becomes the new state, and the rest are speculation, as in
// C-Reduce. The debugger's rerun for phase and culprit and the fixed
// variant's run (Target.Confirm) are paid once a pass, by the state it
// ends with: when that state fails them, the pass's steps are bisected
// back to the last that passes, and the step that lost the crash is not
// taken again (settle). A reduction only ever returns a confirmed state,
// so Ctrl-C and Options.TimeLimit, which stop it, wait for the
// confirmation of the state reached.
//
// Non-goals: reducing the script or case.yaml, packages, or binary files;
// proving a candidate minimal beyond one-unit removals (ddmin's 1-minimality
// per pass, not a global minimum).
package reduce
