# RUN: %PYTHON %s
print("hello")
