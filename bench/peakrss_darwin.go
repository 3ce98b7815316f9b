//go:build darwin || ios

package main

// maxrssUnit: macOS's getrusage(2) gives ru_maxrss in bytes ("the maximum
// resident set size utilized (in bytes)"), unlike Linux's kilobytes.
const maxrssUnit = 1

var maxrss = rusageMaxrss
