# RUN: %PYTHON %s | FileCheck %s
print("TEST: one")
print("value", 6 * 7)
# CHECK-LABEL: TEST: one
# CHECK-NEXT: value 42
