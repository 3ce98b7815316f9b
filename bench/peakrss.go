package main

import (
	"os"
	"runtime"
)

// peakRSS is the peak resident set size of the ended process ps, in
// bytes, as getrusage's ru_maxrss reports it; false where the platform
// has no such figure (see maxrssUnit) or gave none. ru_maxrss counts in
// KiB on Linux and the BSDs and in bytes on macOS: read as KiB everywhere,
// as it was, a 40 MiB run on macOS showed as 40 GiB and missed its limit,
// and the benchmark did not build for Windows, which has no ru_maxrss.
func peakRSS(ps *os.ProcessState) (int64, bool) {
	unit := maxrssUnit()
	if ps == nil || unit == 0 {
		return 0, false
	}
	n := maxrss(ps.SysUsage())
	if n <= 0 {
		return 0, false
	}
	return n * unit, true
}

// maxrssUnit is the unit of ru_maxrss here, in bytes; 0 where none is
// read. getrusage(2) counts it in kilobytes on Linux and the BSDs, and in
// bytes on macOS ("the maximum resident set size utilized (in bytes)").
// Windows has no ru_maxrss; illumos, Solaris and AIX leave it zero or
// count it otherwise, and the benchmark says it did not measure the row
// rather than judge a 0.
func maxrssUnit() int64 {
	switch runtime.GOOS {
	case "linux", "android", "freebsd", "netbsd", "openbsd", "dragonfly":
		return 1024
	case "darwin", "ios":
		return 1
	}
	return 0
}
