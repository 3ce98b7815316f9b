// Package exitwait waits for a child process to exit without holding an
// operating-system thread in a blocking wait.
//
// os/exec's Wait blocks its thread in waitid(2) for the child's whole life.
// The Go scheduler then hands that thread's processor to another thread
// and, while any thread sits in a system call, its monitor thread wakes
// every 20 µs or so: for a runner whose children each live a few tens of
// milliseconds, those wakeups cost more CPU than everything else the
// runner does (about 1.5 ms a child on a 2-CPU VM: 50 runs of `python -c
// pass` cost a plain os/exec loop 100 ms of its own CPU time, 27 ms with
// Exited first). Exited instead parks the goroutine in the runtime's
// poller, on the child's pidfd, which becomes readable when the child
// exits; the Wait that follows then returns at once.
package exitwait
