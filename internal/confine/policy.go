package confine

// A Policy is what a confined process may still do.
type Policy struct {
	// Writable are the folders beneath which the process may create,
	// write, truncate, rename, link and remove files.
	Writable []string
	// Network leaves network sockets allowed.
	Network bool
	// Processes, when not 0, is how many processes a sandbox Prepare
	// makes may hold at once (a pids cgroup for root, RLIMIT_NPROC in
	// the sandbox's user namespace otherwise), so that a fork bomb fails
	// its own run alone.
	Processes int
	// NoExec refuses execve to the confined thread, for a thread that
	// must start no program: what it would start would share its
	// Landlock domain, and so reach it.
	NoExec bool
}
