//go:build unix

package command

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// CloseInheritedOnExec marks every descriptor above stderr close-on-exec,
// so that what the process inherited open (a secret on fd 7, a log opened
// for append on fd 9, a make jobserver) reaches no process it starts: Go's
// exec gives a child 0, 1, 2 and its ExtraFiles, but leaves any other
// descriptor without close-on-exec open in the child. The process itself
// keeps them.
//
// It changes every descriptor of the process: it is for a command's main
// and a test binary's TestMain, before anything else runs, never a
// library.
func CloseInheritedOnExec() {
	// One call from Linux 5.11; before that, or elsewhere, one fcntl a
	// descriptor found in /proc/self/fd or /dev/fd.
	if closeRangeOnExec() == nil {
		return
	}
	for _, dir := range []string{"/proc/self/fd", "/dev/fd"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			fd, err := strconv.Atoi(e.Name())
			if err != nil || fd <= 2 {
				continue
			}
			// The directory's own descriptor is among them; it is
			// closed on exec already, and closed when read.
			unix.CloseOnExec(fd)
		}
		return
	}
}
