// Package forensics says where and when a crashed interpreter died, from
// its native stacks.
//
// An at-exit SIGSEGV leaves stderr empty: faulthandler is gone by the time
// exit() runs C++ destructors, so a status of "exit 139" is all a run
// shows. This package reruns such a command once under the platform
// debugger (gdb on Linux, lldb on macOS) in batch mode, keeps every
// thread's backtrace, and names two things a maintainer needs first:
//
//   - the Phase of death: runtime, finalization, thread-local-destructor,
//     static-destructor, c-atexit or other-thread, read from the frames of
//     the crashing thread, not from stderr;
//   - the Culprit: the innermost frame that belongs neither to the C
//     runtime, the C++ runtime, the loader nor the interpreter, as
//     `holder.cpython-312-x86_64-linux-gnu.so: Refs::clear (holder.cpp:12)`.
//
// Parsing and classifying are pure functions over the debugger's text
// (parseGDB, parseLLDB, classify), table-tested on recorded outputs in
// testdata; Rerun is the one place that starts a debugger.
//
// Non-goals: symbolising without a debugger, reading core files, and
// judging a run. A rerun that does not crash, or a host without a
// debugger, is said in one line (Native.Note); the verdict of the run
// that crashed never depends on the rerun, except where a case asks for a
// phase (`phase:` in case.yaml), which the caller checks with Native.Phase.
package forensics
