// Package command is the shape every cleanexit command has, as cmd/go's
// base package is go's: a Command is a function of its arguments that ends
// in an error; a Group of them answers no arguments, -h and a typo alike;
// and an exit status travels in that error (Exit), so that no helper
// returns a bare 1, 2 or 130 and one place, Status, says what went wrong.
//
// Non-goals: any command's flags or behaviour (cmd/cleanexit), and flag
// parsing itself (internal/cmdflag).
package command
