//go:build !linux || !(amd64 || arm64)

package confine

import (
	"fmt"
	"os/exec"
	"runtime"
)

// Probe says why there is no confinement here.
func Probe() error {
	return fmt.Errorf("not supported on %s/%s (Linux on amd64 or arm64 only)", runtime.GOOS, runtime.GOARCH)
}

// Start refuses to start cmd unconfined.
func Start(cmd *exec.Cmd, p Policy) error { return Probe() }

// Run refuses, and f does not run.
func Run(p Policy, f func()) error { return Probe() }

// ScopesSignals is false: there is no confinement here.
func ScopesSignals() bool { return false }

// Prepare refuses: there is no sandbox here.
func Prepare(cmd *exec.Cmd, p Policy) error { return Probe() }

// Launch starts cmd: nothing is ever prepared here.
func Launch(cmd *exec.Cmd) error { return cmd.Start() }

// Wait waits for cmd.
func Wait(cmd *exec.Cmd) error { return cmd.Wait() }

// WaitLeft waits for cmd, which has no sandbox to kill what it left.
func WaitLeft(cmd *exec.Cmd) ([]Leftover, error) { return nil, cmd.Wait() }

// ProbeChild says why there is no sandbox here.
func ProbeChild(p Policy) error { return Probe() }

// Holder says that pid is no holder: there are none here.
func Holder(pid int) (held, idle bool) { return false, false }

// ReleaseHolders has nothing to release here.
func ReleaseHolders() {}
