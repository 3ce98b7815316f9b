// Package envs provisions the virtual environments that cases run in, and
// caches them so that a suite with hundreds of cases builds each distinct
// environment once, ever, on a machine.
//
// The caller describes an environment as a [Spec] of plain values (the
// interpreter, its identity, requirement strings, index settings) and calls
// [Cache.Ensure], which returns a ready [Env]. [Cache.List], [Cache.Prune]
// and [Cache.Clear] back `cleanexit cache list|size|prune|clear`.
// [Cache.PrivateCopy] and [Cache.AfterRun] keep a cached environment as it
// was built, whatever a case does with it (see "Sealed environments").
//
// Non-goals: finding interpreters, parsing or resolving requirements (the
// caller passes canonical PEP 508 strings; pip or uv resolves them), and
// running cases. Python 2 is out of reach: it has no venv module.
//
// # Keys
//
// One environment exists per key, in Root/envs/<key> (Root is the cache
// root, which package internal/cache finds and owns).
// A [Spec]'s key hashes everything that decides what ends up installed, and
// nothing else:
//
//   - the interpreter: its path, the caller's identity for it (path, size and
//     modification time, so an upgraded interpreter gets fresh environments)
//     and its version;
//   - the requirements, sorted and deduplicated, so cases that list the same
//     packages in a different order share one environment;
//   - for a requirement that is a local file or folder, a fingerprint of its
//     files (relative path, size, mtime; .git, __pycache__, build/ and
//     *.egg-info skipped, as pip writes those while building), so that an
//     edited source tree or rebuilt wheel gets a new environment;
//   - the index settings: --index-url, --extra-index-url, --find-links (with
//     a listing of each local find-links folder) and --no-index.
//
// The user's own pip/uv configuration (PIP_INDEX_URL, pip.conf, UV_INDEX_URL,
// uv.toml...) is deliberately not part of the key: it says where to fetch
// from, and the same requirements from a mirror are the same environment.
// Which installer built the environment is not part of it either.
//
// # Build protocol
//
// Ensure first takes the environment's use lock (shared) and reads
// envs/<key>/cleanexit-env.json, the marker. A valid marker means a finished
// environment: Ensure returns it, having cost the key and a few small reads;
// a repeated Ensure through the same Cache costs the key and one stat.
// Otherwise Ensure takes the build lock (exclusive; one flight per key inside
// the process, a file lock across processes), reads the marker again in case
// another process built it meanwhile, and builds:
//
//  1. delete leftovers of interrupted builds of this key (envs/.tmp-<key>-*);
//  2. create a bare venv in envs/.tmp-<key>-<random>/venv, with
//     `python -m venv --without-pip` (ensurepip would cost seconds), or,
//     for uv, laid out by cleanexit (venvfiles.go);
//  3. if there are packages, install them: with uv when it is on PATH
//     (`uv pip install --python <venv python>`), else with the base
//     interpreter's pip, copied once into Root/pip/<pip-key>/pip and run by
//     the venv's interpreter with PYTHONPATH set to that copy only (see
//     pipcopy.go for why and what it costs);
//  4. read what is installed from the *.dist-info/METADATA files;
//  5. rewrite the build path in scripts and pyvenv.cfg to the final path
//     (venvs are not relocatable; see relocate.go);
//  6. record every file, folder and link the venv holds (size, mtime, link
//     target) and write it, in the marker, LAST, and flush it;
//  7. rename the venv to envs/<key> (moving aside any folder there without a
//     valid marker), and remove the build folder.
//
// An interrupted build (cancelled context, killed process, failed install)
// leaves at most a .tmp folder, never a folder at envs/<key> with a marker,
// so it is never used; the next build of that key or Prune removes it.
//
// # Installer environment and settings
//
// pip and uv run with the caller's environment minus the variables that
// would leak the caller's Python setup in (PYTHONPATH, PYTHONHOME,
// PYTHONUSERBASE, VIRTUAL_ENV, CONDA_PREFIX, PIP_USER, PIP_TARGET...), plus
// PYTHONNOUSERSITE=1, PIP_DISABLE_PIP_VERSION_CHECK=1 and PIP_NO_INPUT=1, in
// the build folder as working directory. The Spec's index settings are
// command-line options, which pip and uv rank above environment variables
// and configuration files, so cleanexit's flags win while everything else
// the user configured still applies. Local find-links folders that do not
// exist (in the Spec, or in PIP_FIND_LINKS / UV_FIND_LINKS for the installer
// that reads it) are dropped and reported in [Env.Warnings], e.g.
// "PIP_FIND_LINKS names /opt/wheels, which does not exist; ignored". A failed
// command is an [*InstallError] whose message is the tool's own diagnosis.
// An [Env] gives the environment to run the venv's programs with.
//
// # Locks
//
// Each key has a build lock (locks/env-<key>.build), held exclusively while
// the environment is built or removed, and a use lock (locks/env-<key>.use),
// held shared from the first Ensure until [Cache.Close] (or process exit) by
// every process that uses the environment. Prune and Clear take both
// without waiting and skip what they cannot take, so they never remove an
// environment that a run holds or is building. Locks are
// github.com/rogpeppe/go-internal/lockedfile.
//
// # Staleness
//
// An environment is used as long as its marker is valid (it parses, has the
// current format and names its key) and it is undamaged (below). Anything
// that changes its contents changes its key instead, so environments are
// never updated in place: a changed spec simply lands elsewhere, and the old
// environment ages out. Prune removes environments unused for longer than
// asked (last use is the mtime of cleanexit-used, touched once per process),
// and at any age those that are stale: without a valid marker, damaged, or
// whose interpreter vanished or changed size or mtime since the build
// (recorded in the marker). Prune leaves the pip copies; Clear removes them
// too.
//
// # Sealed environments
//
// Every case that names the same packages runs in the same cached
// environment, so one case must not be able to change what a later case
// gets: a package installed by a script's `pip`, or a zzz.pth planted in
// site-packages that calls os._exit(0) at exit and so hides every crash
// after it. cleanexit does two things, chosen by what a run is known to do:
//
//   - A run whose script runs `pip` gets a private copy ([Cache.PrivateCopy]),
//     made before the run and removed after it. It is a real copy, file by
//     file, not a hardlink clone: hardlinked files share inodes, and pip
//     writes some files in place (console scripts, a namespace package's
//     __init__.py), which would reach the cache; a test shows an in-place
//     write to the copy leaving the cache unchanged. On Linux the copy is
//     copy_file_range(2), which btrfs and XFS turn into reflinks. Only these
//     runs pay for it: a few milliseconds for an environment with a handful
//     of packages, tens for one with hundreds of files.
//   - Every other run is verified after it ends ([Cache.AfterRun]): the
//     environment's folder is walked (one stat per entry) and compared with
//     the list of files recorded in the marker at build time; a rewritten
//     marker counts too. An environment that changed is discarded at once
//     (under its build lock), so the next run that needs it builds a clean
//     one, and the run that changed it carries a warning naming the change.
//     On Linux the kernel reports writes (inotify, see internal/fswatch and
//     watch.go): the walk happens only when something was reported in the
//     environment, and a reported file that still compares equal (rewritten
//     at the same size, its time set back) counts as changed. A run that
//     left the environment alone then costs one read, not a walk.
//
// The same comparison runs once per process before an environment is first
// handed out: a folder damaged outside any run (bin/python deleted, a package
// folder or a RECORD removed, a .pth added while cleanexit was killed) is
// built again, and [Env.Rebuilt] says why. The comparison covers what the
// issue calls "the marker's installed set matches the RECORD files": every
// *.dist-info folder, its RECORD and every file it lists are in the list,
// and nothing else may appear. Byte code is compiled when packages are
// installed (pip's default; for uv, by cleanexit through a cache of compiled
// modules, see bytecode.go), so importing a package
// writes nothing. `cleanexit cache verify` runs the check over the whole
// cache and rebuilds what is damaged.
//
// The limit: runs that share an environment and run at the same time (-j)
// can see each other's writes while both are running; the check after the
// writer ends discards the environment for every run that starts later.
// A file rewritten in place keeping its size and modification time (a
// deliberate os.utime) is not seen, nor is a marker forged with a new build
// ID and a file list to match; `cleanexit run --sandbox`, where available,
// makes the environment read-only to the case instead. The check before use
// starts no process: the environment's interpreter is "still the recorded
// identity" when bin/python still links where it did and the base
// interpreter has the size and modification time recorded at build time.
//
// What the installers keep between builds (pip's cache, uv's cache, the
// download folder) is sealed the same way, by a record of its files
// compared before the next build: see installercache.go.
package envs
