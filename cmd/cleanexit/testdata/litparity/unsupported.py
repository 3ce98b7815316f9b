# RUN: %PYTHON %s
# UNSUPPORTED: system-linux, system-darwin, system-windows, system-freebsd
