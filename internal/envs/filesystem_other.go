//go:build !unix

package envs

// sameFilesystem cannot compare device ids here; answering false makes uv
// copy, which always works.
func sameFilesystem(a, b string) bool { return false }
