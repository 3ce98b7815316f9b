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

func outputGone() bool { return false }
