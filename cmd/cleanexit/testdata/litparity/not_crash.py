# RUN: not --crash %PYTHON %s
import ctypes
ctypes.string_at(0)
