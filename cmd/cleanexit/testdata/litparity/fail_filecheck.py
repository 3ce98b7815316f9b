# RUN: %PYTHON %s | FileCheck %s
print("value", 41)
# CHECK: value 42
