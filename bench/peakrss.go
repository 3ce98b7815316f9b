package main

import "os"

// peakRSS is the peak resident set size of the ended process ps, in
// bytes, as getrusage's ru_maxrss reports it; false where the platform
// has no such figure (maxrssUnit is 0) or gave none. ru_maxrss counts in
// KiB on Linux and the BSDs and in bytes on macOS: read as KiB everywhere,
// as it was, a 40 MiB run on macOS showed as 40 GiB and missed its limit,
// and the benchmark did not build for Windows, which has no ru_maxrss.
func peakRSS(ps *os.ProcessState) (int64, bool) {
	if ps == nil || maxrssUnit == 0 {
		return 0, false
	}
	n := maxrss(ps.SysUsage())
	if n <= 0 {
		return 0, false
	}
	return n * maxrssUnit, true
}
