//go:build linux && (amd64 || arm64)

package confine

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"strconv"

	"github.com/cleanexit/cleanexit/internal/procstat"
)

// leftInNamespace lists the processes of the caller's PID namespace that
// a command left running behind it, read from the namespace's own /proc
// before it is cleared: every process that still runs, but process 1
// (the caller), and those of group, the command's process group, which
// are killed with their group as an unconfined interpreter's are (see
// internal/script's runGrouped), unnamed. A zombie (the command itself,
// exited and not yet reaped by cleanexit) or a process already exiting
// runs no more code, and is not listed.
func leftInNamespace(group func(ps []procstat.Stat) int) []Leftover {
	names, err := readDirNames("/proc")
	if err != nil {
		return nil
	}
	var ps []procstat.Stat
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil || pid == 1 {
			continue
		}
		stat, err := os.ReadFile("/proc/" + name + "/stat")
		if err != nil {
			continue // gone since the listing
		}
		if p, ok := procstat.Parse(string(stat)); ok {
			ps = append(ps, p)
		}
	}
	g := group(ps)
	var left []Leftover
	for _, p := range ps {
		if !p.Ended && p.PGRP != g {
			left = append(left, Leftover{PID: p.PID, Name: p.Name})
		}
	}
	return left
}

// heldCommandsGroup is the process group of a holder's command where the
// command leads one of its own (the caller's Setpgid), else -1: the
// command is the zombie whose parent, cleanexit, is outside the namespace
// (its parent pid reads as 0 here). Every other process of the namespace
// has a parent in it, the holder itself for an orphan.
func heldCommandsGroup(ps []procstat.Stat) int {
	for _, p := range ps {
		if p.PPID == 0 && p.PGRP == p.PID {
			return p.PGRP
		}
	}
	return -1
}

// initsGroup is, for a command whose caller gave it a process group of
// its own (grouped), the group it and the init share: the caller's
// Setpgid made the process before the init lead it, and it reads as the
// init's here. Else -1.
func initsGroup(grouped bool) func([]procstat.Stat) int {
	return func([]procstat.Stat) int {
		if !grouped {
			return -1
		}
		stat, err := os.ReadFile("/proc/1/stat")
		if err != nil {
			return -1
		}
		p, ok := procstat.Parse(string(stat))
		if !ok {
			return -1
		}
		return p.PGRP
	}
}

// readDirNames lists dir, unsorted.
func readDirNames(dir string) ([]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}

// encodeLeftovers is the message that carries left to cleanexit, after
// the byte that says what message it is: a length, then the JSON.
func encodeLeftovers(left []Leftover) []byte {
	b, _ := json.Marshal(left)
	msg := binary.LittleEndian.AppendUint32(make([]byte, 0, 4+len(b)), uint32(len(b)))
	return append(msg, b...)
}

// decodeLeftovers reads what encodeLeftovers wrote.
func decodeLeftovers(b []byte) ([]Leftover, bool) {
	if len(b) < 4 {
		return nil, false
	}
	n := binary.LittleEndian.Uint32(b)
	if uint64(len(b)-4) < uint64(n) {
		return nil, false
	}
	var left []Leftover
	if json.Unmarshal(b[4:4+n], &left) != nil {
		return nil, false
	}
	return left, true
}
