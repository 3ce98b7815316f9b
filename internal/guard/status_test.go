package guard

import (
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
)

func TestJudge(t *testing.T) {
	fatal := []diagnose.Signature{{Kind: "fatal-python-error", Detail: "PyThreadState_Get", Line: 3, Fatal: true}}
	warning := []diagnose.Signature{{Kind: "exception-ignored", Line: 1}}
	for _, tt := range []struct {
		name string
		end  End
		word string
		code int
	}{
		{"clean", End{Status: exitstatus.Exited(0)}, "PASS", 0},
		{"a warning is not a failure", End{Status: exitstatus.Exited(0), Signatures: warning}, "PASS", 0},
		{"a failing test keeps its status", End{Status: exitstatus.Exited(1)}, "FAIL", 1},
		{"pytest's usage error keeps its status", End{Status: exitstatus.Exited(4)}, "FAIL", 4},
		{"a segfault", End{Status: exitstatus.Signaled(11)}, "CRASH", CrashedStatus},
		{"killed from outside is still a death by signal", End{Status: exitstatus.Signaled(9)}, "CRASH", CrashedStatus},
		{"exit 0 that printed a fatal error", End{Status: exitstatus.Exited(0), Signatures: fatal}, "CRASH", CrashedStatus},
		{"exit 1 that printed a fatal error", End{Status: exitstatus.Exited(1), Signatures: fatal}, "CRASH", CrashedStatus},
		{"a shell's 139 is an ordinary code", End{Status: exitstatus.Exited(139)}, "FAIL", 139},
		{"a timeout", End{Status: exitstatus.Signaled(6), TimedOut: true, Timeout: time.Second}, "TIMEOUT", TimedOutStatus},
		{"a status no shell carries", End{Status: exitstatus.Exited(-1)}, "FAIL", 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := Judge(tt.end)
			if v.Word != tt.word || v.Code != tt.code {
				t.Errorf("Judge(%+v) = %s %d (%s), want %s %d", tt.end, v.Word, v.Code, v.Problem, tt.word, tt.code)
			}
			if (v.Problem == "") != (tt.word == "PASS") {
				t.Errorf("Judge(%+v).Problem = %q", tt.end, v.Problem)
			}
		})
	}
}
