package script

import (
	"time"

	"github.com/cleanexit/cleanexit/internal/diagnose"
	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/internal/plan"
	"github.com/cleanexit/cleanexit/toolchains"
)

// A Job is one planned run, with what it needs from the stages before it.
type Job struct {
	Run *plan.Run

	// Python is the environment's interpreter; BinDir and EnvDir its
	// folders (PATH and VIRTUAL_ENV). Pip is the command line that runs
	// pip for it, with the variables that command needs.
	Python string
	BinDir string
	EnvDir string
	Pip    []string
	PipEnv []string

	// ExtCache is where build-ext keeps compiled modules; "" builds every time.
	ExtCache string

	// Features answers the script's [conditions], as it answered the
	// case's requires and xfail for the plan, and finds the
	// AddressSanitizer runtime for build-ext --sanitize=address.
	Features *toolchains.Features

	Timeout  time.Duration // per python run; 0 means the variant's
	Strict   bool          // fail clean exits that show warnings too
	Verbose  bool          // keep the transcript of passing phases
	workRoot string        // where a kept or one-off $WORK is made; "" means os.TempDir
	KeepWork bool          // leave $WORK behind, in a folder of its own
	Workdirs *Workdirs     // lends $WORK; nil: one is made and removed for this run alone
	goos     string        // "" means runtime.GOOS

	// Sandbox, when set, confines the script's python and exec commands.
	Sandbox *Sandbox

	// Backtrace is when a python run is repeated under the debugger for
	// its native stacks: off, crash (""), always. BacktraceTimeout bounds
	// that rerun; 0 means forensics.DefaultTimeout.
	Backtrace        string
	BacktraceTimeout time.Duration
}

// An Outcome is what running a job's script showed.
type Outcome struct {
	Passed   bool
	TimedOut bool
	Log      string // testscript's transcript, with $WORK and the case file named
	Work     string // $WORK, if kept
	Pythons  []Invocation
	Duration time.Duration

	// Warnings say what did not fail the run but should be seen, such as
	// processes it left running, which were killed.
	Warnings []string

	// Unsupported, when not "", says what the host lacks that the script
	// needed (a header build-ext could not find): the run proves nothing
	// either way.
	Unsupported string

	// Unresolved, when not "", says why a run whose script passed judged
	// nothing: no python command ran (a condition left none, a stop came
	// first, the script has none), so the variant's exit was never
	// compared with anything. It is not a pass.
	Unresolved string
}

// An Invocation is one `python` command of the script.
type Invocation struct {
	Args    []string
	Status  exitstatus.Status
	Started bool // false when the interpreter could not be started
	// Stdout and Stderr are what was kept of the output: all of it, or
	// its head and tail joined by a line that says how many bytes of the
	// middle were dropped (StdoutDropped, StderrDropped).
	Stdout        string
	Stderr        string
	StdoutDropped int64
	StderrDropped int64
	Duration      time.Duration
	TimedOut      bool
	Timeout       time.Duration // the limit it ran under
	OK            bool          // it met the expectation
	Problem       string        // why not, in the words reports use; "" when OK
	Unjudged      string        // what of the expectation the evidence could not decide (verdict.Judgment)
	Want          string
	Signatures    []diagnose.Signature
	Traceback     string
	Native        *forensics.Native // the rerun under the debugger; nil when there was none
}

// LastFailure returns the last invocation that did not meet its
// expectation, or nil.
func (o *Outcome) LastFailure() *Invocation {
	for i := len(o.Pythons) - 1; i >= 0; i-- {
		if !o.Pythons[i].OK {
			return &o.Pythons[i]
		}
	}
	return nil
}
