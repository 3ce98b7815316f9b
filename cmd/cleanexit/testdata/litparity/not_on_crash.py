# lit's `not` fails when the command crashes, as a case's `! python` does.
# RUN: not %PYTHON %s
import ctypes
ctypes.string_at(0)
