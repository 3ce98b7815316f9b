// Package envs provisions the virtual environments that cases run in, and
// caches them so that a suite with hundreds of cases builds each distinct
// environment once, ever, on a machine.
//
// The caller describes an environment as a [Spec] of plain values (the
// interpreter, its identity, requirement strings, index settings) and calls
// [Cache.Ensure], which returns a ready [Env]. [Cache.List], [Cache.Prune]
// and [Cache.Clear] back `cleanexit cache list|size|prune|clear`.
//
// Non-goals: finding interpreters, parsing or resolving requirements (the
// caller passes canonical PEP 508 strings; pip or uv resolves them), and
// running cases. Python 2 is out of reach: it has no venv module.
//
// # Keys
//
// One environment exists per key, in Root/envs/<key> (Root is
// $CLEANEXIT_CACHE, else <user cache dir>/cleanexit; see [DefaultRoot]).
// [Spec.Key] hashes everything that decides what ends up installed, and
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
//     `python -m venv --without-pip` (ensurepip would cost seconds) or
//     `uv venv`;
//  3. if there are packages, install them: with uv when it is on PATH
//     (`uv pip install --python <venv python>`), else with the base
//     interpreter's pip, copied once into Root/pip/<pip-key>/pip and run by
//     the venv's interpreter with PYTHONPATH set to that copy only (see
//     pipcopy.go for why and what it costs);
//  4. read what is installed from the *.dist-info/METADATA files;
//  5. rewrite the build path in scripts and pyvenv.cfg to the final path
//     (venvs are not relocatable; see relocate.go);
//  6. write the marker, LAST, and flush it;
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
// [Env.Environ] gives the environment to run the venv's programs with.
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
// current format and names its key). Anything that changes its contents
// changes its key instead, so environments are never updated in place: a
// changed spec simply lands elsewhere, and the old environment ages out.
// Prune removes environments unused for longer than asked (last use is the
// mtime of cleanexit-used, touched once per process), and at any age those
// that are stale: without a valid marker, or whose interpreter vanished or
// changed size or mtime since the build (recorded in the marker). Prune
// leaves the pip copies; Clear removes them too.
package envs
