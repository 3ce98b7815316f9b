//go:build !linux

package fswatch

import "errors"

func newWatcher() (watcher, error) {
	return nil, errors.New("fswatch: no change notification on this platform")
}
