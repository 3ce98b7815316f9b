//go:build !linux

package command

// HideEnvironment does nothing here: no /proc shows a process's
// environment to its children on these systems' defaults. (macOS's ps -E
// does, to the same user: see docs/threat-model.md.)
func HideEnvironment() {}
