# RUN: %PYTHON %s
# XFAIL : * (with a space before the colon, no directive)
