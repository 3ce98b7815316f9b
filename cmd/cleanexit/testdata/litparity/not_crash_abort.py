# RUN: not --crash %PYTHON %s
import os
os.abort()
