# RUN: %PYTHON %s && %PYTHON %s fail
import sys
sys.exit(1 if sys.argv[1:] == ["fail"] else 0)
