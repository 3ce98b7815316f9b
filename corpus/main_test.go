package corpus_test

import (
	"os"
	"testing"

	"github.com/cleanexit/cleanexit/internal/command"
)

// TestMain makes the test binary the host `cleanexit run` is: the
// signals it started with ignored (under nohup, SIGHUP) stay ignored for
// it but reach the cases at their defaults, as from a terminal, and the
// descriptors it inherited open reach no case. It changes the process's
// signal handling and descriptors, which a test binary may and a library
// may not.
func TestMain(m *testing.M) {
	command.CloseInheritedOnExec()
	command.DefaultDispositions()
	os.Exit(m.Run())
}
