//go:build !unix

package command

import (
	"os"
	"syscall"
)

// brokenPipe is nil: no signal says that a pipe lost its reader here, and
// a write to one fails with an error alone.
var brokenPipe os.Signal

func endSignals() []os.Signal { return []os.Signal{os.Interrupt, syscall.SIGTERM} }

// inheritedIgnores is empty: no disposition is inherited through exec here.
var inheritedIgnores []os.Signal

func outputGone() bool { return false }

// raise ends the process as Ctrl-C would.
func raise(os.Signal) { os.Exit(Interrupted) }

// signalStatus is 130, Ctrl-C's, whatever stopped the command.
func signalStatus(os.Signal) int { return Interrupted }
