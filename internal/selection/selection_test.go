package selection

import (
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// corpusRuns is a plan of projects × cases × variants × interpreters, in
// plan order, as Expand would give it.
func corpusRuns(pythons []string) []*plan.Run {
	var runs []*plan.Run
	for p := 0; p < 4; p++ {
		for c := 0; c < 5; c++ {
			for _, v := range []string{"default", "buggy", "fixed"} {
				for _, py := range pythons {
					id := fmt.Sprintf("proj%d/case%d/%s/%s", p, c, v, py)
					runs = append(runs, &plan.Run{ID: id, Variant: &cases.Variant{Name: v}, Python: py})
				}
			}
		}
	}
	return runs
}

func ids(runs []*plan.Run) []string {
	var out []string
	for _, r := range runs {
		out = append(out, r.ID)
	}
	return out
}

// The shards of a run partition it exactly, whatever order the plan came
// in, and a run is in the same shard on every ordering.
func TestShardPartitionsTheRun(t *testing.T) {
	planOrder := corpusRuns([]string{"3.8", "3.9", "3.10", "3.11", "3.12", "3.13", "3.13t"})
	shuffled := slices.Clone(planOrder)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	reversed := slices.Clone(planOrder)
	slices.Reverse(reversed)

	for n := 1; n <= 7; n++ {
		shardOf := map[string]int{}
		for _, ordering := range [][]*plan.Run{planOrder, shuffled, reversed} {
			seen := map[string]int{}
			for i := 1; i <= n; i++ {
				for _, r := range Shard(ordering, ShardSpec{Index: i, Count: n}) {
					if prev, dup := seen[r.ID]; dup {
						t.Fatalf("N=%d: %s is in shard %d and shard %d", n, r.ID, prev, i)
					}
					seen[r.ID] = i
					if want, ok := shardOf[r.ID]; ok && want != i {
						t.Fatalf("N=%d: %s is in shard %d on one ordering, %d on another", n, r.ID, want, i)
					}
					shardOf[r.ID] = i
				}
			}
			if len(seen) != len(ordering) {
				t.Fatalf("N=%d: shards hold %d runs, the run has %d", n, len(seen), len(ordering))
			}
		}
	}
}

// A host with fewer interpreters gets, in each shard, exactly the runs of
// that shard that it has: shards do not depend on what else is planned.
func TestShardIndependentOfHostInterpreters(t *testing.T) {
	all := corpusRuns([]string{"3.8", "3.12", "3.13"})
	some := corpusRuns([]string{"3.12"})
	for n := 2; n <= 5; n++ {
		for i := 1; i <= n; i++ {
			s := ShardSpec{Index: i, Count: n}
			var want []string
			for _, id := range ids(Shard(all, s)) {
				if strings.HasSuffix(id, "/3.12") {
					want = append(want, id)
				}
			}
			if got := ids(Shard(some, s)); !reflect.DeepEqual(got, want) {
				t.Errorf("shard %s: got %v, want %v", s, got, want)
			}
		}
	}
}

// Every shard of a realistic corpus gets some runs: the hash spreads.
func TestShardSpreads(t *testing.T) {
	runs := corpusRuns([]string{"3.10", "3.11", "3.12"})
	for i := 1; i <= 7; i++ {
		if got := len(Shard(runs, ShardSpec{Index: i, Count: 7})); got < len(runs)/7/2 {
			t.Errorf("shard %d/7 holds %d of %d runs", i, got, len(runs))
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want ShardSpec
		err  string
	}{
		{in: "1/1", want: ShardSpec{1, 1}},
		{in: "3/7", want: ShardSpec{3, 7}},
		{in: " 2 / 4 ", want: ShardSpec{2, 4}},
		{in: "0/3", err: "1 ≤ I ≤ N"},
		{in: "4/3", err: "1 ≤ I ≤ N"},
		{in: "1/99999999999999999999", err: "1 ≤ I ≤ N"},
		{in: "99999999999999999999/1", err: "1 ≤ I ≤ N"},
		{in: "1/0", err: "1 ≤ I ≤ N"},
		{in: "-1/3", err: "1 ≤ I ≤ N"},
		{in: "3", err: "want I/N"},
		{in: "a/b", err: "1 ≤ I ≤ N"},
		{in: "", err: "want I/N"},
	} {
		got, err := ParseShard(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseShard(%q) = %v, %v; want error containing %q", tc.in, got, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

func TestOrder(t *testing.T) {
	mk := func(ids ...string) []*plan.Run {
		var runs []*plan.Run
		for _, id := range ids {
			runs = append(runs, &plan.Run{ID: id})
		}
		return runs
	}
	times := Times{
		"a/slow/default/3.12": {Seconds: 9},
		"a/fast/default/3.12": {Seconds: 0.1},
		"a/fail/default/3.12": {Seconds: 0.2, Failed: true},
	}
	in := []string{"a/new/default/3.12", "a/fast/default/3.12", "a/slow/default/3.12", "a/fail/default/3.12"}
	for _, tc := range []struct {
		order string
		want  []string
	}{
		{"", in},
		{"lexical", []string{"a/fail/default/3.12", "a/fast/default/3.12", "a/new/default/3.12", "a/slow/default/3.12"}},
		{"smart", []string{"a/fail/default/3.12", "a/slow/default/3.12", "a/fast/default/3.12", "a/new/default/3.12"}},
	} {
		runs := mk(in...)
		if err := Order(runs, tc.order, 0, times); err != nil {
			t.Fatal(err)
		}
		if got := ids(runs); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("order %q: got %v, want %v", tc.order, got, tc.want)
		}
	}
	if err := Order(mk(in...), "fastest", 0, nil); err == nil || !strings.Contains(err.Error(), "lexical, random or smart") {
		t.Errorf("order fastest: err = %v", err)
	}
}

// A seed names one shuffle, whatever order the plan came in; another seed
// names another.
func TestOrderRandomSeeded(t *testing.T) {
	a := corpusRuns([]string{"3.12", "3.13"})
	b := slices.Clone(a)
	slices.Reverse(b)
	c := slices.Clone(a)
	Order(a, "random", 42, nil)
	Order(b, "random", 42, nil)
	Order(c, "random", 43, nil)
	if !reflect.DeepEqual(ids(a), ids(b)) {
		t.Error("seed 42 shuffled two orderings of one plan differently")
	}
	if reflect.DeepEqual(ids(a), ids(c)) {
		t.Error("seeds 42 and 43 gave the same order")
	}
	lex := slices.Clone(a)
	Order(lex, "lexical", 0, nil)
	if reflect.DeepEqual(ids(a), ids(lex)) {
		t.Error("random order is the lexical order")
	}
}

func TestTimesRoundTrip(t *testing.T) {
	want := Times{}
	want.Record("p/c/default/3.12", 1500*time.Millisecond, false)
	want.Record("p/c/buggy/3.12", 250*time.Millisecond, true)
	want.Record("p/c/zero/3.12", 0, true)
	var b strings.Builder
	if err := want.format(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "-0.250000 p/c/buggy/3.12\n") {
		t.Errorf("a failed run is not written with a negative time:\n%s", b.String())
	}
	got := parseTimes(strings.NewReader(b.String() + "garbage\nNaN x\n12\n"))
	if len(got) != 3 || !got["p/c/buggy/3.12"].Failed || got["p/c/default/3.12"].Failed || !got["p/c/zero/3.12"].Failed {
		t.Errorf("round trip: got %v from\n%s", got, b.String())
	}
	if got["p/c/default/3.12"].Seconds != 1.5 {
		t.Errorf("seconds: got %v", got["p/c/default/3.12"].Seconds)
	}
}

func TestUpdateTimesMerges(t *testing.T) {
	path := t.TempDir() + "/sub/test-times.txt"
	if err := UpdateTimes(path, Times{"a": {Seconds: 1}, "b": {Seconds: 2}}); err != nil {
		t.Fatal(err)
	}
	if err := UpdateTimes(path, Times{"b": {Seconds: 3, Failed: true}}); err != nil {
		t.Fatal(err)
	}
	got, err := ReadTimes(path)
	if err != nil {
		t.Fatal(err)
	}
	want := Times{"a": {Seconds: 1}, "b": {Seconds: 3, Failed: true}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	// A pass after a failure writes a shorter file ("3.000000", not
	// "-3.000000"): what the old file had past the new end must go.
	if err := UpdateTimes(path, Times{"b": {Seconds: 3}}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(path); string(data) != "1.000000 a\n3.000000 b\n" {
		t.Errorf("after a shorter update the file holds %q", data)
	}
	if none, err := ReadTimes(t.TempDir() + "/missing"); err != nil || len(none) != 0 {
		t.Errorf("missing file: %v, %v", none, err)
	}
}

func TestOverrides(t *testing.T) {
	runs := corpusRuns([]string{"3.12", "3.13"})
	for _, r := range runs {
		if r.Variant.Name == "buggy" {
			r.XFail = "*"
		}
	}
	shared := runs[0].Variant
	unused := Overrides{
		XFailNot:    []string{"proj1/case2/buggy/3.12", "proj9"},
		Unsupported: []string{"proj2/case0", "proj3/case1/fixed/3.13"},
		Retries:     2,
	}.Apply(runs)
	if !reflect.DeepEqual(unused, []string{"proj9"}) {
		t.Errorf("unused = %v, want [proj9]", unused)
	}
	for _, r := range runs {
		wantXFail := r.Variant.Name == "buggy" && r.ID != "proj1/case2/buggy/3.12"
		if (r.XFail != "") != wantXFail {
			t.Errorf("%s: xfail %q", r.ID, r.XFail)
		}
		wantUnsup := strings.HasPrefix(r.ID, "proj2/case0/") || r.ID == "proj3/case1/fixed/3.13"
		if (r.Unsupported != "") != wantUnsup {
			t.Errorf("%s: unsupported %q", r.ID, r.Unsupported)
		}
		if r.Variant.Retries != 2 {
			t.Errorf("%s: retries %d", r.ID, r.Variant.Retries)
		}
	}
	if shared.Retries != 0 {
		t.Error("--retries changed the case's own variant, not a copy")
	}
}

func TestSplitList(t *testing.T) {
	if got := SplitList("a/b;c/d, e  f"); !reflect.DeepEqual(got, []string{"a/b", "c/d", "e", "f"}) {
		t.Errorf("SplitList = %v", got)
	}
}
