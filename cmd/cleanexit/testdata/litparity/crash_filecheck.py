# A crash after the output FileCheck wants is still a failure.
# RUN: %PYTHON %s | FileCheck %s
import ctypes
print("value 42", flush=True)
ctypes.string_at(0)
# CHECK: value 42
