# RUN: %PYTHON %s
# END.
# RUN: not %PYTHON %s
