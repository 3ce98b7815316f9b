package exitstatus

import (
	"errors"
	"syscall"
)

// hostErrnos are the errors with which fork, exec or the pipes a process
// needs fail for want of the host's resources: processes, memory, file
// descriptors, disk.
var hostErrnos = map[syscall.Errno]string{
	syscall.EAGAIN: "EAGAIN",
	syscall.ENOMEM: "ENOMEM",
	syscall.EMFILE: "EMFILE",
	syscall.ENFILE: "ENFILE",
	syscall.ENOSPC: "ENOSPC",
}

// HostTrouble names the errno of a process that could not be started for
// want of the host's resources, or "" for any other error: such a start
// says nothing of the case (nothing of it ran), nor that the host lacks a
// program, and it may well succeed on a later try.
func HostTrouble(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return hostErrnos[errno]
	}
	return ""
}
