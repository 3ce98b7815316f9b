//go:build !unix

package command

// CloseInheritedOnExec does nothing: a process here inherits only the
// handles it is given.
func CloseInheritedOnExec() {}
