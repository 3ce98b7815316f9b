# The lit config of TestLitParity's suite: lit's internal shell, the
# interpreter and LLVM tools TestLitParity hands over, and LLVM's
# system-NAME features, as llvm/config.py sets them.
import os
import platform

import lit.formats

config.name = "parity"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".py"]
config.excludes = ["lit.cfg.py"]
config.substitutions.append(("%PYTHON", os.environ["PARITY_PYTHON"]))
config.environment["PATH"] = os.environ["PARITY_LLVM_BIN"] + os.pathsep + os.environ["PATH"]
config.available_features.add("system-" + platform.system().lower())
