x = 1  # RUN: %PYTHON %s
"""
XFAIL: *
"""
raise SystemExit(x)
