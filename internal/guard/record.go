package guard

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/diagnose"
)

// A Record is what `cleanexit exec --record FILE` keeps of a guarded
// command, for `cleanexit new --from-exec FILE` to draft a case from: the
// command, where it ran, and how it ended.
type Record struct {
	Argv      []string `json:"argv"`
	Dir       string   `json:"dir"`
	Verdict   string   `json:"verdict"` // PASS, FAIL, CRASH, TIMEOUT
	Problem   string   `json:"problem"`
	Signal    string   `json:"signal"`    // "SIGSEGV"; "" when it did not die by one
	Signature string   `json:"signature"` // the primary signature on stderr
	Fatal     bool     `json:"fatal"`     // stderr showed a fatal signature
	Phase     string   `json:"phase"`     // from the rerun under the debugger; "" without one
	Culprit   string   `json:"culprit"`
}

// RecordOf is o as a Record of argv run in dir.
func RecordOf(argv []string, dir string, o Outcome) Record {
	r := Record{Argv: argv, Dir: dir, Verdict: o.Word, Problem: o.Problem, Signal: o.Status.Name, Fatal: diagnose.AnyFatal(o.Signatures)}
	if sig, ok := diagnose.Primary(o.Signatures); ok {
		r.Signature = sig.String()
	}
	if o.Native.Found() {
		r.Phase, r.Culprit = string(o.Native.Phase), o.Native.Culprit
	}
	return r
}

// Write writes r to file as JSON.
func (r Record) Write(file string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(file, append(data, '\n'), 0o666)
}

// ReadRecord reads a Record that Write wrote.
func ReadRecord(file string) (Record, error) {
	var r Record
	data, err := os.ReadFile(file)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(data, &r); err != nil {
		return r, fmt.Errorf("%s: not a record of cleanexit exec --record: %v", file, err)
	}
	if len(r.Argv) == 0 {
		return r, fmt.Errorf("%s: the record names no command", file)
	}
	return r, nil
}

// Repro is the .py file a python command ran (python [-X opt …] FILE …),
// made absolute from the record's folder: the repro of the case drafted
// from it. A command that ran no file (python -m pytest, -c) has none.
func (r Record) Repro() (string, error) {
	if !strings.HasPrefix(filepath.Base(r.Argv[0]), "python") {
		return "", fmt.Errorf("the recorded command is %s, not a python run: give the repro with --from", r.Argv[0])
	}
	for i := 1; i < len(r.Argv); i++ {
		a := r.Argv[i]
		switch {
		case a == "-X" || a == "-W":
			i++ // its value
		case a == "-m" || a == "-c":
			return "", fmt.Errorf("the recorded command runs %s %s, not a file: give the repro with --from", a, strings.Join(r.Argv[i+1:min(i+2, len(r.Argv))], ""))
		case strings.HasPrefix(a, "-"):
		case strings.HasSuffix(a, ".py"):
			if !filepath.IsAbs(a) {
				a = filepath.Join(r.Dir, a)
			}
			return a, nil
		default:
			return "", fmt.Errorf("the recorded command runs %s, not a .py file: give the repro with --from", a)
		}
	}
	return "", errors.New("the recorded command runs no file: give the repro with --from")
}

// Exit is how the recorded command ended, in exit's words: the signal it
// died by, crash for a fatal signature, or timeout; "" for a clean exit
// or an ordinary failure, which a case about an exit crash does not draft.
func (r Record) Exit() string {
	switch {
	case r.Verdict == "TIMEOUT":
		return "timeout"
	case r.Signal != "":
		return r.Signal
	case r.Fatal:
		return "crash"
	}
	return ""
}
