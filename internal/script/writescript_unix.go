//go:build unix

package script

import (
	"os"
	"syscall"
)

// writeScript writes the run's script file over the last run's, in place.
// os.WriteFile truncates first, which on ext4 frees the file's block and
// allocates it again (with discard, a discard each time); writing over it
// and cutting it to length frees nothing while scripts fit in a block.
// And it writes through the descriptor alone: os.OpenFile tries every
// file in the runtime's poller, five system calls that a regular file
// refuses (strace).
func (d *workdir) writeScript(data []byte) error {
	fd, err := syscall.Open(d.script, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_CLOEXEC, 0o666)
	if err != nil {
		return &os.PathError{Op: "open", Path: d.script, Err: err}
	}
	err = writeAll(fd, data)
	if err == nil {
		var st syscall.Stat_t
		if err = syscall.Fstat(fd, &st); err == nil && st.Size > int64(len(data)) {
			err = syscall.Ftruncate(fd, int64(len(data)))
		}
	}
	if cerr := syscall.Close(fd); err == nil {
		err = cerr
	}
	if err != nil {
		return &os.PathError{Op: "write", Path: d.script, Err: err}
	}
	return nil
}

func writeAll(fd int, data []byte) error {
	for len(data) > 0 {
		n, err := syscall.Write(fd, data)
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		data = data[n:]
	}
	return nil
}
