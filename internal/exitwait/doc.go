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
//
// What that gives up: a thread blocked in waitid is woken by the exiting
// child as a "sync" wakeup, which the scheduler places on the child's own
// CPU, the one that is about to be free; the poller's wakeup is not, and
// in about two exits of five it lands on the other, busy CPU while the
// child's goes idle (sched_switch traces, 50 trivial runs at -j 2 on 2
// CPUs: the child's CPU idled after 15-21 exits per session with Exited,
// 1-9 with a blocking Wait). Measured again on Go 1.26, the blocking Wait
// still cost more: 69 ms of cleanexit's own CPU time per session against
// 53 ms (rusage, mean of 20), and no gain in wall time (1.059 against
// 1.047 of the xargs loop, 30 interleaved rounds).
package exitwait
