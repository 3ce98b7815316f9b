package command

import (
	"context"
	"errors"
	"testing"
)

// Every command ends the same way when its reader went away, whatever it
// would say when stopped by Ctrl-C.
func TestInterruption(t *testing.T) {
	own := Exit(Interrupted, errors.New("bisect stopped at v1.2"))
	tests := []struct {
		name        string
		cause       error
		interrupted error
		code        int
		said        bool
	}{
		{"Ctrl-C, run", nil, ErrInterrupted, Interrupted, true},
		{"Ctrl-C, a command's own word", nil, own, Interrupted, true},
		{"Ctrl-C, a quiet command", nil, Exit(Interrupted, nil), Interrupted, false},
		{"reader gone, run", errReaderGone, ErrInterrupted, ReaderGone, false},
		{"reader gone, a command's own word", errReaderGone, own, ReaderGone, false},
	}
	for _, tt := range tests {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(tt.cause)
		err := Interruption(ctx, tt.interrupted)
		if got := Code(err); got != tt.code {
			t.Errorf("%s: status %d, want %d", tt.name, got, tt.code)
		}
		var e *exitError
		if said := errors.As(err, &e) && e.err != nil; said != tt.said {
			t.Errorf("%s: says %v (%v), want it said: %v", tt.name, said, err, tt.said)
		}
	}
}
