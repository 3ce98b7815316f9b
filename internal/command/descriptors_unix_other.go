//go:build unix && !linux

package command

import "errors"

// closeRangeOnExec fails: close_range with CLOSE_RANGE_CLOEXEC is Linux's.
func closeRangeOnExec() error { return errors.New("no close_range") }
