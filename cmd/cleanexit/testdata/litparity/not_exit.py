# RUN: not %PYTHON %s
import sys
sys.exit(1)
