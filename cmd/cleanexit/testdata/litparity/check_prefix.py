# RUN: %PYTHON %s | FileCheck %s --check-prefix=FOO
print("foo bar")
# FOO: foo bar
# CHECK: this line is not checked: the prefix is FOO
