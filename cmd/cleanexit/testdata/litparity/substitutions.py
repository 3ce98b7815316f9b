# RUN: %PYTHON %s %{s:basename} %{s:stem} %% | FileCheck %s
import sys
print(" ".join(sys.argv[1:]))
# CHECK: substitutions.py substitutions %
