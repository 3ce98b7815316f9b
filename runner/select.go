package runner

import (
	"fmt"
	"time"

	"github.com/cleanexit/cleanexit/internal/override"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/internal/selection"
)

// selectRuns keeps the planned runs this invocation asked for, as lit
// does: --filter and --filter-out, then the overrides, the shard and the
// order, in that sequence, so that an override names runs of every shard
// and a shard is the same whatever the order. What it survives (a pattern
// that names no run, an unreadable timing file) goes to Warn.
func (s *Session) selectRuns(runs []*plan.Run) error {
	s.Planned = len(runs)
	runs = override.Apply(runs, s.Builds, s.BuildsForAll)
	s.Pinning = len(runs)
	for _, r := range runs {
		if s.Filter != nil && !s.Filter.MatchString(r.ID) {
			continue
		}
		s.Filtered++
		if s.FilterOut != nil && s.FilterOut.MatchString(r.ID) {
			continue
		}
		s.Runs = append(s.Runs, r)
	}
	s.Selected = len(s.Runs)
	for _, p := range s.Overrides.Apply(s.Runs) {
		s.warn(fmt.Errorf("%q names no run", p))
	}
	s.Runs = selection.Shard(s.Runs, s.Shard)
	var times selection.Times
	if s.Order == "smart" {
		var err error
		if times, err = selection.ReadTimes(s.CacheDir.TestTimes()); err != nil {
			s.warn(fmt.Errorf("timing file: %v", err))
		}
	}
	if s.Order == "random" && s.Seed == 0 {
		s.Seed = uint64(time.Now().UnixNano())
	}
	return selection.Order(s.Runs, s.Order, s.Seed, times)
}

func (s *Session) warn(err error) {
	if s.Warn != nil {
		s.Warn(err)
	}
}
