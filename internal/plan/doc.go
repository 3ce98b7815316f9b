// Package plan expands cases into runs: case × variant × interpreter, on
// this host.
//
// Expansion is where a case's declarations meet the machine: its `python`
// selectors are matched against the interpreters discovered here, its
// requires / unsupported / xfail expressions are evaluated against the
// host's and each interpreter's features, and its packages and index
// settings are resolved into what an environment needs. A run that cannot
// happen here is still a run, marked UNSUPPORTED with the reason, so that a
// report says why a case did not run instead of leaving it out.
//
// A Run is pure data: it names its case, variant and interpreter, and
// carries the verdicts of expansion (UNSUPPORTED, XFAIL), not a way to
// reach back into the host. Feature names are answered by the one
// registry, toolchains.Features, which the scripts ask too; nothing here
// starts a process, and the registry's costly probes (network, cc, asan)
// run at most once and only when some case asks.
package plan
