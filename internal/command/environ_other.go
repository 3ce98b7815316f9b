//go:build !linux

package command

// HideEnvironment does nothing here: no /proc shows a process's
// environment on these systems. (macOS's ps -E does, to the same user: see
// docs/threat-model.md.)
func HideEnvironment() {}
