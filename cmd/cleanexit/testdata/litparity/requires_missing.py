# RUN: %PYTHON %s
# REQUIRES: system-windows && system-linux
