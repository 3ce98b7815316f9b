package script

import (
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/cleanexit/cleanexit/internal/confine"
	"github.com/rogpeppe/go-internal/testscript"
)

// scriptT is the testscript.T that lets testscript run outside `go test`:
// it records failure and the transcript instead of reporting to testing.
type scriptT struct {
	mu      sync.Mutex
	log     strings.Builder
	failed  bool
	skipped bool
	skipMsg string // what skip said
	verbose bool

	// confine, when set, confines the script's goroutine to its thread
	// before the script starts: testscript's own commands (cp, mkdir,
	// chmod, unquote…) run there, inside cleanexit, and a sandboxed case
	// must not write outside $WORK through them either.
	confine *confine.Policy
}

var _ testscript.T = (*scriptT)(nil)

func (t *scriptT) Skip(args ...any) {
	t.Log(args...)
	t.mu.Lock()
	t.skipped, t.skipMsg = true, fmt.Sprint(args...)
	t.mu.Unlock()
	runtime.Goexit()
}

func (t *scriptT) Fatal(args ...any) {
	t.Log(args...)
	t.FailNow()
}

func (t *scriptT) Parallel() {}

func (t *scriptT) Log(args ...any) {
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprintln(&t.log, args...)
}

func (t *scriptT) FailNow() {
	t.markFailed()
	runtime.Goexit()
}

func (t *scriptT) markFailed() {
	t.mu.Lock()
	t.failed = true
	t.mu.Unlock()
}

// Run runs f on a goroutine of its own, as testing does, so that FailNow's
// Goexit ends only the script. A panic in testscript or a command fails
// the script with the panic in its log instead of ending the whole run
// with no report.
func (t *scriptT) Run(name string, f func(testscript.T)) {
	script := func() {
		defer func() {
			if r := recover(); r != nil {
				t.Log(fmt.Sprintf("FAIL: panic: %v", r))
				t.markFailed()
			}
		}()
		f(t)
	}
	if t.confine != nil {
		// A confined thread ends with its goroutine (confine.Run).
		if err := confine.Run(*t.confine, script); err != nil {
			t.Log("FAIL: cannot confine the script: " + err.Error())
			t.markFailed()
		}
		return
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		script()
	}()
	<-done
}

func (t *scriptT) Verbose() bool { return t.verbose }
