package main

import (
	"testing"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// TestRegexpsParse compiles every package regexp the command links: they
// are compiled on first use (internal/lazyregexp), and a bad pattern must
// fail here, not in a user's run.
func TestRegexpsParse(t *testing.T) {
	if err := lazyregexp.Check(); err != nil {
		t.Fatal(err)
	}
}
