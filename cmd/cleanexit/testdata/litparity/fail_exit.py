# RUN: %PYTHON %s
import sys
sys.exit(3)
