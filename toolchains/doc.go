// Package toolchains finds the Python interpreters and host capabilities
// that cleanexit runs cases with.
//
// # Discovery
//
// Discover looks for interpreters, in this order:
//
//  1. CLEANEXIT_PYTHONS: a list (separated like PATH) of interpreter files,
//     or directories searched like PATH entries. Files named here are
//     always identified, even scripts, and a missing one is reported.
//  2. PATH: files named python, python3, python3.N, python3.Nt
//     (free-threaded), python3.Nd (debug, such as Debian's python3.11-dbg)
//     and python3.Ntd (and python2.N) in each entry.
//  3. pyenv: $PYENV_ROOT/versions/*/bin (PYENV_ROOT defaults to ~/.pyenv).
//  4. uv: $UV_PYTHON_INSTALL_DIR/*/bin, default
//     ~/.local/share/uv/python/*/bin ($XDG_DATA_HOME/uv/python when set).
//  5. macOS only: Homebrew (/opt/homebrew/bin, /usr/local/bin,
//     .../opt/python@3.*/bin) and python.org's framework builds
//     (/Library/Frameworks/Python.framework/Versions/*/bin, and
//     PythonT.framework for free-threaded builds).
//
// Version-manager shims are skipped: PATH entries named "shims" (pyenv,
// pyenv-virtualenv, asdf) are not searched, and any candidate whose first
// bytes are "#!" is not run. A shim is a shell script that spends about
// 0.4 s choosing an interpreter that discovery reaches directly anyway;
// real interpreters are ELF, Mach-O or PE binaries.
//
// One interpreter is often reachable by several paths: /usr/bin/python3
// and /usr/bin/python3.11, /bin -> /usr/bin, a pyenv version also on PATH,
// hard links such as python3.7m. Candidates are resolved with
// filepath.EvalSymlinks and compared by resolved path and by device and
// inode; each interpreter is reported once, under the first path met, and
// identified by running its resolved path. A virtual environment's python
// is a symlink to its base interpreter and therefore is that interpreter:
// discovery reports installations, not environments.
//
// # Identity
//
// Identifying an interpreter means running it once, with a clean
// environment (PATH, HOME, LANG and SYSTEMROOT only) and -S -E -s, on a
// small script (identify.py) that works on Python 2.7 and 3.6+ and prints
// one JSON line: version, implementation, free-threading, debug build,
// machine, include directory, extension suffix, and where pip lives. The
// include directory and suffix are the interpreter's own sysconfig's, so
// an extension built for a debug build gets its headers (Py_DEBUG) and
// its ABI tag (.cpython-311d-x86_64-linux-gnu.so); ShortVersion names a
// build by CPython's ABI flags: 3.13t, 3.11d, 3.13td. The
// caller's PYTHONPATH, PYTHONHOME or a .pth file in site-packages cannot
// change the answer. Up to four interpreters are identified at once; each
// costs 15-30 ms.
//
// Identities are cached in CacheDir/identities.json, keyed by the resolved
// path and checked against the file's size, modification time and inode:
// installing, upgrading or rebuilding an interpreter changes one of them,
// while using it changes none. A cache hit costs the stat discovery needs
// anyway and starts no process, so a warm Discover takes a few
// milliseconds. Failures are cached too (a broken python on PATH costs one
// process, not one per run), except timeouts. The file is replaced
// atomically under a lock, so concurrent cleanexit processes merge their
// results; an unreadable, corrupt or foreign file is ignored and rewritten.
// Interpreter.Key hashes the same identity (path, size, mtime) for keying
// the environments built from an interpreter.
//
// What the searched folders hold is cached too, in CacheDir/scans.json:
// each folder's interpreter-named entries, kept while the folder has the
// same device, inode, modification and change time (an entry made,
// removed or renamed changes them), so that a warm Discover reads none of
// /usr/bin's thousand entries. A folder changed in the last two seconds
// is read every time (its times may not show a change in the same clock
// tick), and the file names the rules its names were chosen by, so that
// a cleanexit with other rules reads again.
//
// # Host
//
// DetectHost reports the features cases can REQUIRE: the OS and
// architecture names, apple-silicon (sysctl hw.optional.arm64, true also
// under Rosetta), metal (system_profiler SPDisplaysDataType lists a GPU
// with Metal support; no Python and no Metal code runs), cuda (nvidia-smi
// lists a GPU) and cc (the C compiler compiles and links a program), each
// with a one-line reason. Its probes
// run concurrently, each bounded by 2 s. probeIndex checks, separately and
// only when a case needs it, that a package index answers. The request is
// python's (HTTPGet): cleanexit links no network code, and so no C
// library.
//
// # Provisioning
//
// InstallWithUV runs `uv python install`; uv puts interpreters where
// Discover looks for them, and `cleanexit python install` checks that it
// finds each one. Where uv is missing, ErrNoUV says how to get it.
//
// # Non-goals
//
// This package installs interpreters only through uv; it does not create virtual environments
// or decide which interpreter a case runs on; it does not discover conda
// environments or Windows registry entries (name those in
// CLEANEXIT_PYTHONS); and it does not judge whether a GPU is usable
// beyond nvidia-smi listing it.
package toolchains
