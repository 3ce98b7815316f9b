package script

import (
	"encoding/binary"
	"errors"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// selfThreads reads cleanexit's own children, where every sweep of the
// reaper starts. The kernel lists a process's children per thread, in
// /proc/PID/task/TID/children, and opening those files after every run
// was most of the sweep's cost (perf: procfs path lookups, about a tenth
// of the runner's own CPU time in a corpus of trivial cases). Each
// thread's file is opened once and read again from offset 0, which makes
// the kernel list the children anew; only the task folder is listed each
// time, for the threads that came and went.
var selfThreads threadChildren

type threadChildren struct {
	mu      sync.Mutex
	task    int // /proc/self/task, open; 0 until opened, -1 where it cannot be
	threads map[int]threadFile
}

// A threadFile is a thread's open children file. ino is the thread's task
// folder's inode number when the file was opened: the kernel makes a new
// inode for a task, so a thread id that a new thread got again, after the
// old thread ended, lists with another number, and the file of the old
// thread, which would read empty from then on, is replaced.
type threadFile struct {
	ino uint64
	fd  int
}

// children appends the pids of cleanexit's children to kids; false when
// the kernel cannot say (no /proc, no CONFIG_PROC_CHILDREN).
func (tc *threadChildren) children(kids []int, buf []byte) ([]int, bool) {
	tc.mu.Lock()
	defer tc.mu.Unlock()
	if tc.task == 0 {
		tc.task = -1
		if fd, err := openProc(strconv.Itoa(os.Getpid())+"/task", syscall.O_DIRECTORY); err == nil {
			tc.task, tc.threads = fd, map[int]threadFile{}
		}
	}
	if tc.task < 0 {
		return kids, false
	}
	listed, err := tc.list(buf)
	if err != nil {
		return kids, false
	}
	for tid, f := range tc.threads {
		if ino, ok := listed[tid]; !ok || ino != f.ino {
			syscall.Close(f.fd)
			delete(tc.threads, tid)
		}
	}
	for tid, ino := range listed {
		if _, ok := tc.threads[tid]; ok {
			continue
		}
		fd, err := syscall.Openat(tc.task, strconv.Itoa(tid)+"/children", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
		if errors.Is(err, syscall.ENOENT) && tid == os.Getpid() {
			// The main thread lasts as long as the process: the kernel
			// has no children files (no CONFIG_PROC_CHILDREN).
			tc.disable()
			return kids, false
		}
		if err != nil {
			continue // the thread has ended since the listing
		}
		tc.threads[tid] = threadFile{ino: ino, fd: fd}
	}
	for _, f := range tc.threads {
		if b, err := preadAll(f.fd, buf[:0]); err == nil {
			kids = appendPIDs(kids, b)
		}
	}
	return kids, true
}

// appendPIDs appends to kids the pids of a children file: numbers
// separated by spaces.
func appendPIDs(kids []int, b []byte) []int {
	for _, field := range strings.Fields(string(b)) {
		if pid, err := strconv.Atoi(field); err == nil {
			kids = append(kids, pid)
		}
	}
	return kids
}

// disable closes what tc holds open, for good.
func (tc *threadChildren) disable() {
	for _, f := range tc.threads {
		syscall.Close(f.fd)
	}
	syscall.Close(tc.task)
	tc.task, tc.threads = -1, nil
}

// list reads the task folder from its start: each thread id with its
// inode number.
func (tc *threadChildren) list(buf []byte) (map[int]uint64, error) {
	if _, err := syscall.Seek(tc.task, 0, 0); err != nil {
		return nil, err
	}
	out := map[int]uint64{}
	err := readDirents(tc.task, buf, func(ino uint64, name string) {
		if tid, err := strconv.Atoi(name); err == nil {
			out[tid] = ino
		}
	})
	return out, err
}

// readDirents reads the folder open as fd, from its offset to its end,
// calling f for each entry, "." and ".." included; buf is its scratch
// space.
func readDirents(fd int, buf []byte, f func(ino uint64, name string)) error {
	for {
		n, err := syscall.ReadDirent(fd, buf[:cap(buf)])
		if err == syscall.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		if n <= 0 {
			return nil
		}
		eachDirent(buf[:n], f)
	}
}

// eachDirent calls f for each linux_dirent64 in b: d_ino (8 bytes),
// d_off (8), d_reclen (2), d_type (1), then the NUL-terminated name.
// syscall.ParseDirent drops the inode numbers, which list needs.
func eachDirent(b []byte, f func(ino uint64, name string)) {
	const nameOff = 19
	for len(b) >= nameOff {
		reclen := int(binary.NativeEndian.Uint16(b[16:18]))
		if reclen < nameOff || reclen > len(b) {
			return
		}
		name := b[nameOff:reclen]
		if i := strings.IndexByte(string(name), 0); i >= 0 {
			name = name[:i]
		}
		f(binary.NativeEndian.Uint64(b[:8]), string(name))
		b = b[reclen:]
	}
}

// preadAll appends to buf what fd holds, read from offset 0 to its end
// with pread, which for a /proc file makes the kernel write it anew.
func preadAll(fd int, buf []byte) ([]byte, error) {
	var off int64
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := syscall.Pread(fd, buf[len(buf):cap(buf)], off)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return nil, err
		case n == 0:
			return buf, nil
		}
		buf, off = buf[:len(buf)+n], off+int64(n)
	}
}
