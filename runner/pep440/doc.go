// Package pep440 parses, orders and matches Python version numbers as
// PEP 440 defines them.
//
// cleanexit needs two things from PEP 440: to decide whether an interpreter
// (3.12.1, 3.14.0rc1) satisfies a case's `python: ">=3.10,<3.14"`, and to put
// package versions in order so that a regression can be bisected. Both must
// agree with what pip and the `packaging` library would decide, because a
// user reads a case's specifier the way pip reads it.
//
// A [Version] is parsed leniently, the way `packaging` accepts it (a leading
// "v", "alpha"/"pre"/"rev" spellings, "-", "_" or "." separators, case and
// surrounding whitespace are ignored) and printed in normalized form by
// [Version.String]. [Compare] implements the full PEP 440 ordering:
//
//	1.0.dev0 < 1.0a1.dev0 < 1.0a1 < 1.0rc1 < 1.0 < 1.0+local < 1.0.post1.dev0 < 1.0.post1
//
// A [Specifier] is a comma-separated set of clauses, all of which must hold:
//
//	==3.12.*       prefix match on the release numbers (also 3.12a1, 3.12.post1)
//	==3.12.1       exact, ignoring a candidate's local label unless one is given
//	!=3.11.2       exclusion (also with .*)
//	~=3.9          compatible release: >=3.9, ==3.*
//	<, <=, >, >=   ordered comparison (<3.14 does not admit 3.14.0rc1)
//	===foo         arbitrary string equality, for versions PEP 440 cannot parse
//
// Pre-releases and development releases are excluded unless the caller
// admits them or a clause names one itself (>=3.14.0rc1), as PEP 440 asks.
//
// Non-goals: legacy (pre-PEP 440) versions, which are ordered arbitrarily by
// pip and are out of scope; choosing among candidate versions (a resolver's
// job, including PEP 440's "use a pre-release when nothing else matches"
// rule, which only a caller with the full candidate list can apply).
package pep440
