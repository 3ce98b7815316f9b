// Package confine confines a thread, and every process it starts, so that
// they cannot write outside the folders they are given, open a network
// socket, make a file setuid, setgid or writable by others, or touch a
// process outside the confinement (ptrace, /proc/PID/fd, /proc/PID/mem
// and, from Landlock ABI 6, signals), and keep none of the caller's
// capabilities, root's included.
//
// It is the kernel's own confinement: Landlock for the filesystem and for
// signals, a seccomp filter for the system calls Landlock does not cover,
// no_new_privs, and an empty capability set. Each is a property of a
// thread, inherited by the processes it forks, so Run applies them to an
// OS thread of its own, locked to the goroutine that runs the caller's
// function and never unlocked: the Go runtime discards the thread with
// its goroutine (a goroutine that exits while locked to its thread ends
// the thread), and starts new threads from a clean one, never from a
// locked one. That thread is never the process's main one, whose domain a
// signal to the process is checked against. Nothing else in the process
// is confined. Start starts one command that way.
//
// Why not bubblewrap, which cleanexit used before: a mount namespace costs
// a program in between (bwrap, about 6 ms a process on a 2-core machine,
// more than a trivial python run), makes the wait status bwrap's (exit
// 128+N for signal N, so that a program's exit(137) read as SIGKILL), and
// without a PID namespace left cleanexit itself a process the case could
// kill. Prepare's init relays the exact status, and costs about 9 ms.
//
// What it does not do, and why:
//   - Reading is allowed everywhere: the sandbox keeps cases from changing
//     what later cases see, not from reading the machine.
//   - A Unix socket bound to a path can be connected to (Landlock does not
//     cover connect), so can an abstract one before Landlock ABI 6 (Linux
//     6.12), which also scopes signals; before it a process of the same
//     user can be signalled.
//   - Landlock does not cover a file's mode, owner, times or attributes,
//     and seccomp sees a path only as a pointer: a confined process can
//     still change these on files its user owns (every file, for root),
//     within what an unprivileged owner may do. A mode that would open a
//     file to others (setuid, setgid, write by others) is refused
//     everywhere, in the writable folders too. cleanexit's after-run
//     checks see such a change to the corpus, HOME's configuration or an
//     environment; a read-only mount (bubblewrap) would refuse it, at the
//     cost above.
//   - Sockets other than Unix ones fail with EACCES, loopback included, and
//     io_uring is refused (its operations bypass seccomp).
//   - /dev/shm is writable, and shared with every other process:
//     multiprocessing's semaphores live there, and sem_open has no other
//     folder.
//
// A thread of the caller shares its Landlock domain with what it starts,
// and so can be reached by it. Prepare, Launch and Wait start a command
// in a sandbox of its own instead: a child process that re-executes the
// caller's own executable, which becomes process 1 of new PID, IPC and
// mount namespaces (with a /proc of its own) and, but for root, a user
// namespace, holds the command
// to a process limit, confines a thread of its own as Run does, starts
// the command from there, and relays its wait status. Root, which may
// join namespaces that exist, keeps such a process between commands
// instead (a holder, one per command running at once): a thread of the
// caller's joins its namespaces, makes an IPC namespace of its own,
// confines itself, starts the command as the caller's child, and ends;
// the holder kills what the command left before the next one. This package's
// init function runs that init: in every program that links the package
// (cleanexit and the test binaries), it does nothing unless the process
// was started by Prepare (CLEANEXIT_CONFINE_INIT in its environment,
// which it takes out before the command sees it).
//
// Requirements: Linux with Landlock ABI 3 or later (6.2, where truncation
// is covered) on amd64 or arm64; Probe says what is missing, and
// ProbeChild what Prepare's sandboxes lack (for root a pids cgroup, for
// another user user namespaces).
package confine
