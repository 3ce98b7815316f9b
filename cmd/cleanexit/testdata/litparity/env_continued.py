# RUN: env PARITY_A=1 \
# RUN:   %PYTHON %s
# RUN: %PYTHON %s unset
import os
import sys
want = None if sys.argv[1:] == ["unset"] else "1"
sys.exit(0 if os.environ.get("PARITY_A") == want else 1)
