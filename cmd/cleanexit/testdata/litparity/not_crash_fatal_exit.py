# LLVM's `not --crash` wants a death by signal: a fatal error that the
# process reports, then exits 1, is no crash.
# RUN: not --crash %PYTHON %s
import os
import sys
sys.stderr.write("Fatal Python error: _PyThreadState_Get: no current thread\n")
sys.stderr.flush()
os._exit(1)
