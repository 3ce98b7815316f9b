package corpus_test

import (
	"os"
	"testing"

	"github.com/cleanexit/cleanexit/internal/command"
)

// TestMain makes the test binary the host `cleanexit run` is: the
// signals it started with ignored (under nohup, SIGHUP) stay ignored for
// it but reach the cases at their defaults, as from a terminal; the
// descriptors it inherited open reach no case, nor does its environment
// through /proc. It changes the process's signal handling, descriptors and
// memory, which a test binary may and a library may not.
func TestMain(m *testing.M) {
	command.HideEnvironment()
	command.CloseInheritedOnExec()
	command.DefaultDispositions()
	os.Exit(m.Run())
}
