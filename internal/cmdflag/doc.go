// Package cmdflag is the flag handling every cleanexit command shares, on
// top of the standard flag package: flags among the other arguments
// (`run CASE --filter X`), make's -j2, a usage that hides the flags
// cleanexit passes to itself, a "did you mean" for a misspelt flag, and
// repeatable flags over a list that a variable may have filled.
//
// Non-goals: knowing any command's flags (cmd/cleanexit defines them) or
// what they mean (runner.Settings checks them).
package cmdflag
