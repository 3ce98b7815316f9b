//go:build linux || android || freebsd || netbsd || openbsd || dragonfly

package main

// maxrssUnit: getrusage(2) on Linux and the BSDs gives ru_maxrss in
// kilobytes (KiB).
const maxrssUnit = 1024

var maxrss = rusageMaxrss
