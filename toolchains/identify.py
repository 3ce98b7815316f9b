# Prints one JSON object describing the interpreter that runs it.
#
# Runs under Python 2.7 and 3.6+ with `-S -E -s`: no f-strings, no json
# module (its import costs ~7 ms), no site import (a .pth file may be slow or
# print to stdout). pip is located, never imported: importing it costs ~9 ms
# and runs arbitrary code; the package directory and the version line in
# pip/__init__.py are what the caller needs.
import sys

sys.path[:] = [p for p in sys.path if p and p != "."]

import os
import sysconfig


def quote(s):
    if s is None:
        s = ""
    if bytes is str and isinstance(s, str):
        s = s.decode("utf-8", "replace")
    elif not isinstance(s, type(u"")):
        s = str(s)
    out = []
    for ch in s:
        o = ord(ch)
        if ch == '"' or ch == "\\":
            out.append("\\" + ch)
        elif 0x20 <= o < 0x7F:
            out.append(ch)
        elif o < 0x10000:
            out.append("\\u%04x" % o)
        else:
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
    return '"' + "".join(out) + '"'


def site_dirs():
    dirs = []
    try:
        import site

        dirs.extend(site.getsitepackages())
    except Exception:
        pass
    try:
        paths = sysconfig.get_paths()
        dirs.extend([paths.get("purelib"), paths.get("platlib")])
    except Exception:
        pass
    return [d for d in dirs if d]


def pip_version(init):
    try:
        fh = open(init)
        try:
            for line in fh:
                if line.startswith("__version__"):
                    return line.split("=", 1)[1].strip().strip("\"'")
        finally:
            fh.close()
    except (IOError, OSError, IndexError):
        pass
    return ""


def pip_facts():
    for d in site_dirs():
        init = os.path.join(d, "pip", "__init__.py")
        if os.path.isfile(init):
            version = pip_version(init)
            if version:
                return version, d
            return "", ""
    return "", ""


def implementation():
    impl = getattr(sys, "implementation", None)
    if impl is not None:
        return impl.name
    import platform

    return platform.python_implementation().lower()


def machine():
    try:
        return os.uname()[4]
    except AttributeError:
        import platform

        return platform.machine()


def include_dir(config_var):
    inc = ""
    try:
        inc = sysconfig.get_paths().get("include") or ""
    except Exception:
        pass
    if not os.path.isfile(os.path.join(inc, "Python.h")) and config_var("INCLUDEPY"):
        inc = config_var("INCLUDEPY")
    return inc


def main():
    cv = sysconfig.get_config_var
    vi = sys.version_info
    pipv, pipdir = pip_facts()
    debug = hasattr(sys, "gettotalrefcount") or bool(cv("Py_DEBUG"))
    fields = [
        ("major", str(vi[0])),
        ("minor", str(vi[1])),
        ("micro", str(vi[2])),
        ("releaselevel", quote(vi[3])),
        ("serial", str(vi[4])),
        ("implementation", quote(implementation())),
        ("gil_disabled", cv("Py_GIL_DISABLED") == 1 and "true" or "false"),
        ("debug", debug and "true" or "false"),
        ("machine", quote(machine())),
        ("include", quote(include_dir(cv))),
        ("ext_suffix", quote(cv("EXT_SUFFIX") or cv("SO") or "")),
        ("pip_version", quote(pipv)),
        ("pip_dir", quote(pipdir)),
    ]
    sys.stdout.write("{" + ",".join(['"%s":%s' % kv for kv in fields]) + "}\n")


main()
