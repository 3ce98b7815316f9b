package command

import "golang.org/x/sys/unix"

// closeRangeCloexec is CLOSE_RANGE_CLOEXEC of <linux/close_range.h>, which
// x/sys/unix does not name.
const closeRangeCloexec = 1 << 2

// closeRangeOnExec marks descriptors 3 and up close-on-exec in one call
// (Linux 5.11), failing on an older kernel.
func closeRangeOnExec() error {
	return unix.CloseRange(3, ^uint(0), closeRangeCloexec)
}
