package reduce

import (
	"context"
	"strings"
	"testing"
	"time"
)

// Ctrl-C keeps the smallest interesting candidate found so far, and that
// candidate is interesting when run again.
func TestInterruptKeepsSmallestInteresting(t *testing.T) {
	s := openCase(t, "abort-noisy.txtar")
	tg := target(t, s, TargetOptions{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	orig := Lines(string(tg.Run.Case.Files[0].Data))
	interruptedAt := 0
	red, err := Reduce(ctx, tg, Options{Progress: func(p Progress) {
		if p.Lines < orig && interruptedAt == 0 {
			interruptedAt = p.Lines
			cancel() // the user's Ctrl-C, after the first step that shrank it
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if red.Stopped != "interrupted" {
		t.Fatalf("Stopped = %q, want interrupted", red.Stopped)
	}
	if got := red.LinesAfter(); got >= orig || got != interruptedAt {
		t.Fatalf("returned %d lines, want the %d-line state reached when interrupted (from %d)", got, interruptedAt, orig)
	}
	rejudge(t, tg, red)
	checkWritten(t, tg, red)
}

// --time-limit stops as Ctrl-C does, keeping the state reached, and that
// state is interesting when run again.
func TestTimeLimitKeepsSmallestInteresting(t *testing.T) {
	s := openCase(t, "abort-noisy.txtar")
	tg := target(t, s, TargetOptions{})
	orig := Lines(string(tg.Run.Case.Files[0].Data))
	const limit = 10 * time.Second
	reached := 0
	start := time.Now()
	red, err := Reduce(context.Background(), tg, Options{TimeLimit: limit, Progress: func(p Progress) {
		if p.Lines < orig && reached == 0 {
			reached = p.Lines
			// Wait out the limit: the reduction must stop at this state.
			time.Sleep(time.Until(start.Add(limit)))
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if red.Stopped != "--time-limit 10s reached" {
		t.Fatalf("Stopped = %q, want the time limit", red.Stopped)
	}
	if reached == 0 {
		t.Skipf("the first step that shrank came after the %s limit: the machine is too slow for this test", limit)
	}
	if got := red.LinesAfter(); got != reached {
		t.Fatalf("returned %d lines, want the %d-line state reached at the limit (from %d)", got, reached, orig)
	}
	if red.Unverified != "" {
		t.Errorf("the result, judged again, is not interesting: %s", red.Unverified)
	}
	rejudge(t, tg, red)
	checkWritten(t, tg, red)
}

// A step that screening accepts but confirmation does not (here: the
// fixed variant stops passing, which only Confirm runs) is taken back at
// the end of its pass, and the result keeps what the fix needs.
func TestSettleTakesBackWhatConfirmationRejects(t *testing.T) {
	s := openCase(t, "fixed-guard.txtar")
	tg := target(t, s, TargetOptions{})
	if tg.Fixed == nil {
		t.Fatal("the default variant passes, so it must be kept passing")
	}
	red, err := Reduce(context.Background(), tg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := red.Files[0].Reduced
	if red.Undone == 0 {
		t.Errorf("no step was taken back, yet dropping the fix's exit screens as interesting:\n%s", got)
	}
	if !strings.Contains(got, "sys.exit(0)") || strings.Contains(got, "noise") {
		t.Errorf("want the fix's exit kept and the noise gone:\n%s", got)
	}
	rejudge(t, tg, red)
	checkWritten(t, tg, red)
}
