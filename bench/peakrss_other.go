//go:build !unix

package main

// maxrss is 0 where there is no ru_maxrss (see maxrssUnit).
func maxrss(any) int64 { return 0 }
