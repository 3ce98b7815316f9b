package result

import (
	"time"

	"github.com/cleanexit/cleanexit/internal/forensics"
)

// A Result is what happened to one run.
type Result struct {
	ID      string // project/case/variant/python
	File    string // the case file
	Line    int    // the variant's declaration line in File, for annotations; 0 when unknown
	Project string
	Case    string
	Variant string
	Python  string // the ID's interpreter part

	Status Status
	// Reason says why a run was UNSUPPORTED or UNRESOLVED, or, for FAIL,
	// XPASS and TIMEOUT, the one-line diagnosis: "exit 134 (SIGABRT),
	// want 0 · fatal-python-error: PyThreadState_Get".
	Reason string

	Expected   string   // the variant's exit expectation, as written
	Actual     string   // the status of the python run that decided it: "exit 139 (SIGSEGV)"
	Signal     string   // "SIGSEGV", "" when none
	Signature  string   // "fatal-python-error: PyThreadState_Get", "" when none
	Warnings   []string // signatures that did not fail the run, such as exception-ignored
	StderrTail string   // the last lines of that run's stderr
	StdoutTail string   // the last lines of its stdout
	// OutputDropped says, when that run printed more than a run keeps,
	// how much of the middle of its stdout and stderr was dropped:
	// "stderr: 1048576 bytes dropped from the middle". Its verdict was
	// judged on the head and the tail.
	OutputDropped string
	Traceback     string // faulthandler's report, all threads
	// Native is what the deciding python run's rerun under the debugger
	// showed: phase, culprit, stacks; nil when it was not rerun.
	Native *forensics.Native
	Log    string // the script's transcript (failures, or -v)
	Work   string // $WORK, when kept

	Interpreter string // path of the interpreter
	Version     string // its full version
	EnvKey      string
	EnvBuilt    bool          // this run built the environment
	EnvTime     time.Duration // how long building it took
	Installed   []string      // name==version in the environment
	// Override names the builds --override installed instead of the
	// case's pins, "" when none did.
	Override string

	Attempts int // python runs of the script: repeat and retries
	Failures int // of which failed
	Duration time.Duration
}

// AnyFailed reports whether one of the results makes the run fail.
func AnyFailed(results []Result) bool {
	for _, r := range results {
		if r.Status.Failed() {
			return true
		}
	}
	return false
}
