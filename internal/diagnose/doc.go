// Package diagnose reads a dead process's stderr and names how it died.
//
// A status alone says "SIGABRT"; the stderr says why: a `Fatal Python
// error: PyThreadState_Get` from a static destructor, an AddressSanitizer
// heap-use-after-free, a glibc `double free or corruption`. Each such
// pattern is a Signature with a short kind that reports show beside the
// status, and the faulthandler traceback is extracted so that a failure
// shows where every thread was, not just the last lines of stderr.
//
// Signatures are of two weights. Fatal ones (a crash, an abort, a sanitizer
// report) make a clean-exit expectation fail even when the status is 0.
// Warnings (`Exception ignored in`, a traceback from an atexit callback,
// nanobind's `nanobind: leaked N instances!` exit report)
// are reported, and fail only cases that ask for `clean: strict`.
package diagnose
