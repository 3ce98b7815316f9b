//go:build !unix

package fswatch

import "testing"

// writeMapped has no shared mappings to write through here; the watcher
// it would test does not exist here either (see newTestWatcher).
func writeMapped(t *testing.T, path, data string) {
	t.Skip("no mmap here")
}
