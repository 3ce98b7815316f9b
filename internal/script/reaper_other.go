//go:build !linux

package script

// Outside Linux there is no subreaper and no portable way to read another
// process's environment: a run's processes are contained by the
// interpreter's process group alone (see runGrouped). A child that leaves
// the group, `start_new_session=True` or a double-fork, outlives the run
// on macOS; README.md says so.

// AdoptOrphans does nothing outside Linux (see the Linux one).
func AdoptOrphans() (stop func()) { return func() {} }

func runProcesses(marker string, afterScript bool) []process { return nil }

func killAll(ps []process, afterScript bool) {}

func reapOrphans() {}

func adoptingOrphans() bool { return false }
