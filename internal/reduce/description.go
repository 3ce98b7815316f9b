package reduce

// Description is what `cleanexit reduce -h` says reduce does, after its
// synopsis: the package that does it says it, so that the two change
// together.
const Description = `Shrinks a case's repro to the lines that still crash the same way: ddmin
over top-level statements (Python, parsed by the target interpreter's own
ast module) or brace-balanced blocks (C, C++), then nested ones, then
simpler literal arguments and unused imported names (Python) or rewrites
inside lines (C, C++: a variable used once inlined, initialisers dropped,
literals made "" and 0, brace lists' trailing elements dropped, a short
block put on one line), then lines, to a fixpoint. A C/C++ candidate is
checked by the compiler with -fsyntax-only before it is built and run.

A candidate is interesting when the variant fails as the original did:
the same exit status class (the same signal, or the same non-zero code),
the same stderr signature (internal/diagnose), and the variant's own checks;
when the case has a fixed variant that passes, it must still pass, so the
reduced case still discriminates. The phase and culprit frame are compared
where the crash can be rerun under gdb or lldb (backtrace: crash, the
default; --backtrace off turns it off): a candidate that crashes in
another phase or another function is not interesting. Each candidate is
screened without the debugger and the fixed variant; the state each pass
ends with is rerun under the debugger and runs the fixed variant (steps
that fail that are taken back), and the result is judged in full once
more at the end.

Ctrl-C, or --time-limit running out, stops and prints the smallest
interesting candidate found so far.`
