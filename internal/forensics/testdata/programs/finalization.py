import ctypes
class Boom:
    def __init__(self):
        self.string_at = ctypes.string_at
    def __del__(self):
        self.string_at(0)  # runs as the interpreter clears module globals
boom = Boom()
print("ok")
