package exitwait

import "os"

// Exited returns once p has exited, without reaping it: the caller's
// p.Wait (or exec.Cmd's Wait) still collects its status. Where the
// platform has no pollable process handle it returns at once, and that
// Wait blocks as it always did; so it does if anything here fails.
func Exited(p *os.Process) {
	if p != nil {
		exited(p)
	}
}
