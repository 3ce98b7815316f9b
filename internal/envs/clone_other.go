//go:build !linux && !darwin

package envs

// supportsClone is false where cleanexit has no way to ask.
func supportsClone(path string) bool { return false }
