package reduce

import (
	"context"
	"testing"
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
}
