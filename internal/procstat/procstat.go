// Package procstat reads a line of Linux's /proc/PID/stat: the one reader
// of it for the reaper's sweeps, the watchdog and a sandbox's holder.
package procstat

import (
	"strconv"
	"strings"
)

// A Stat is what cleanexit reads of a process's stat.
type Stat struct {
	PID, PPID, PGRP, SID int
	Name                 string
	// Ended: a zombie, or a process that has begun to exit (PF_EXITING),
	// killed, its memory going: it runs no more code of its own, and once
	// its memory is gone its environment reads as empty, marker and all.
	// Taken for alive, one that another run had just killed read as an
	// unmarked orphan, and that run named it too.
	Ended bool
	// Start is when it started, in clock ticks after boot.
	Start int64
}

// pfExiting is the task flag of a process that has begun to exit
// (PF_EXITING, include/linux/sched.h).
const pfExiting = 0x4

// Parse reads line, a /proc/PID/stat. The name may hold spaces and
// parentheses: the fields after it are found from the last ')'.
func Parse(line string) (Stat, bool) {
	open, close := strings.IndexByte(line, '('), strings.LastIndexByte(line, ')')
	if open < 0 || close < open {
		return Stat{}, false
	}
	f := strings.Fields(line[close+1:])
	if len(f) < 20 {
		return Stat{}, false
	}
	var s Stat
	var errs [6]error
	s.PID, errs[0] = strconv.Atoi(strings.TrimSpace(line[:open]))
	s.PPID, errs[1] = strconv.Atoi(f[1])
	s.PGRP, errs[2] = strconv.Atoi(f[2])
	s.SID, errs[3] = strconv.Atoi(f[3])
	flags, err := strconv.ParseUint(f[6], 10, 64)
	errs[4] = err
	s.Start, errs[5] = strconv.ParseInt(f[19], 10, 64)
	for _, err := range errs {
		if err != nil {
			return Stat{}, false
		}
	}
	s.Name = line[open+1 : close]
	s.Ended = f[0] == "Z" || f[0] == "X" || flags&pfExiting != 0
	return s, true
}
