package selection

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/rogpeppe/go-internal/lockedfile"
)

// A Timing is what the last run of one ID took, and whether it failed.
type Timing struct {
	Seconds float64
	Failed  bool
}

// Times maps run IDs to their last timing.
//
// On disk it is lit's .lit_test_times.txt format: one "SECONDS ID" line per
// run, a negative time meaning the run failed; so the file reads the same
// as lit's to people who know that.
type Times map[string]Timing

// ReadTimes reads a timing file. A missing file is no timings; a line
// that does not parse is skipped, as the file is only a hint.
func ReadTimes(path string) (Times, error) {
	data, err := lockedfile.Read(path)
	if os.IsNotExist(err) {
		return Times{}, nil
	}
	if err != nil {
		return nil, err
	}
	return parseTimes(strings.NewReader(string(data))), nil
}

// parseTimes reads the "SECONDS ID" lines of a timing file.
func parseTimes(r io.Reader) Times {
	t := Times{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		secs, id, ok := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		f, err := strconv.ParseFloat(secs, 64)
		if !ok || err != nil || math.IsNaN(f) || math.IsInf(f, 0) || strings.TrimSpace(id) == "" {
			continue
		}
		t[strings.TrimSpace(id)] = Timing{Seconds: math.Abs(f), Failed: math.Signbit(f)} // negative, -0 too: it failed
	}
	return t
}

// Record sets the timing of one finished run.
func (t Times) Record(id string, d time.Duration, failed bool) {
	t[id] = Timing{Seconds: d.Seconds(), Failed: failed}
}

// format writes the file's lines, sorted by ID so that the file diffs well.
func (t Times) format(w io.Writer) error {
	ids := make([]string, 0, len(t))
	for id := range t {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	bw := bufio.NewWriter(w)
	for _, id := range ids {
		s := t[id].Seconds
		if t[id].Failed {
			s = -s
			if s == 0 {
				s = -1e-6 // -0 would read back as a pass
			}
		}
		fmt.Fprintf(bw, "%.6f %s\n", s, id)
	}
	return bw.Flush()
}

// UpdateTimes merges these timings into the file at path, under its lock,
// so that concurrent shards on one machine keep each other's timings.
func UpdateTimes(path string, t Times) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	f, err := lockedfile.Edit(path)
	if err != nil {
		return err
	}
	defer f.Close()
	old := parseTimes(f)
	for id, v := range t {
		old[id] = v
	}
	var b strings.Builder
	old.format(&b)
	// Written over in place and then cut to length, not truncated first:
	// cut short, the file keeps every timing instead of none, and on ext4
	// with discard truncating to zero frees and discards its blocks only
	// for the write to allocate them again.
	if _, err := f.WriteAt([]byte(b.String()), 0); err != nil {
		return err
	}
	return f.Truncate(int64(b.Len()))
}
