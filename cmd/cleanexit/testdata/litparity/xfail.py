# RUN: %PYTHON %s
# XFAIL: *
raise SystemExit(1)
