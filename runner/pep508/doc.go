// Package pep508 parses the requirement strings of a case's `packages:`
// list: PEP 508 requirements ("numpy==2.1.*", "jax[cuda12]>=0.4",
// "mlx @ git+https://github.com/ml-explore/mlx@8e00a2d9d") and the local
// paths pip also accepts there ("./pkg", "../dist/foo-1.0-py3-none-any.whl").
//
// The runner needs to know, before it builds an environment, whether a
// requirement is well formed (an error points at the byte column), whether
// it needs the network (a git or https URL) or only the case's own files,
// and a canonical spelling to put in the environment's cache key so that
// "NumPy >= 2.0" and "numpy>=2.0" share one environment.
//
// Version specifiers are validated with [pep440.ParseSpecifier]. Markers
// (the text after ";") are checked for balanced syntax, quoted values and
// known variable names, and kept as written: evaluating them is pip's job.
//
// Non-goals: resolving or installing anything; evaluating markers; the rest
// of pip's requirements-file syntax (options such as "-e" or "--hash",
// line continuations, environment variables, bare URLs without a name).
package pep508
