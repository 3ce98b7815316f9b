// Package feature parses and evaluates the feature expressions of a case's
// `requires:`, `unsupported:` and `xfail:` lists, in the style of LLVM lit:
//
//	linux && !free-threading
//	(darwin || linux) && python3.13
//	cuda || !network
//	*                       (true everywhere; `xfail: ["*"]` marks a case as always expected to fail)
//
// Grammar (whitespace between tokens is ignored):
//
//	or   := and ("||" and)*
//	and  := not ("&&" not)*
//	not  := "!" not | "(" or ")" | NAME
//	NAME := [A-Za-z0-9_.+-]+
//	expr := "*" | or
//
// "!" binds tighter than "&&", which binds tighter than "||", as in C.
//
// The runner defines a fixed vocabulary ([Known], [Vocabulary]): operating
// systems, architectures, a few capabilities, and python3.N. Unlike lit, a
// name outside it is an error, not a silent false: a case that says
// `requires: [macos]` would otherwise be skipped everywhere without anyone
// noticing. Parse accepts any NAME so that one error can list every unknown
// name (see [Expr.Names]); the caller checks them with Known and offers
// [Suggest]'s "did you mean" in its message.
//
// Non-goals: deciding which features the current machine has
// (toolchains.Features does that, once per feature); lit's
// regular-expression feature matching.
package feature
