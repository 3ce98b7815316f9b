package selection

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/internal/plan"
)

// A ShardSpec is one part of a partition: shard Index (1-based) of Count.
type ShardSpec struct {
	Index, Count int
}

// ParseShard reads "I/N", 1 ≤ I ≤ N.
func ParseShard(s string) (ShardSpec, error) {
	i, n, ok := strings.Cut(s, "/")
	if !ok {
		return ShardSpec{}, fmt.Errorf("--shard: want I/N (shard I of N, 1 ≤ I ≤ N), not %q", s)
	}
	index, err1 := strconv.Atoi(strings.TrimSpace(i))
	count, err2 := strconv.Atoi(strings.TrimSpace(n))
	if err1 != nil || err2 != nil || count < 1 || index < 1 || index > count {
		return ShardSpec{}, fmt.Errorf("--shard: want I/N with 1 ≤ I ≤ N, not %q", s)
	}
	return ShardSpec{Index: index, Count: count}, nil
}

func (s ShardSpec) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// shardOf is the 1-based shard of count that a run ID belongs to. It depends
// on the ID alone: FNV-1a, 64 bits, modulo count.
func shardOf(id string, count int) int {
	h := fnv.New64a()
	h.Write([]byte(id))
	return int(h.Sum64()%uint64(count)) + 1
}

// Shard keeps the runs of shard s, in their given order. The zero
// ShardSpec keeps every run.
func Shard(runs []*plan.Run, s ShardSpec) []*plan.Run {
	if s.Count <= 1 {
		return runs
	}
	var out []*plan.Run
	for _, r := range runs {
		if shardOf(r.ID, s.Count) == s.Index {
			out = append(out, r)
		}
	}
	return out
}
