# ALLOW_RETRIES: 2
# RUN: %PYTHON %s
raise SystemExit(1)
