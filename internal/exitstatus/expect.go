package exitstatus

import (
	"fmt"
	"strconv"
	"strings"
)

// An Expect is what a case says its python runs must end with.
// The zero Expect expects exit 0.
type Expect struct {
	Codes   []int    // exit codes; on POSIX, 128+N also matches death by signal N
	Signals []string // signal names: SIGSEGV, SIGABRT…
	Crash   bool     // any death by signal, or a fatal-error signature on stderr
}

// Clean reports whether the expectation is a clean exit, exit 0 alone.
func (e Expect) Clean() bool {
	return !e.Crash && len(e.Signals) == 0 && (len(e.Codes) == 0 || (len(e.Codes) == 1 && e.Codes[0] == 0))
}

// ParseWord parses one element of an `exit` value: a code, a signal name,
// or `crash`. Errors say what was wrong and suggest the likely name.
func ParseWord(s string) (Expect, error) {
	w := strings.TrimSpace(s)
	if w == "" {
		return Expect{}, fmt.Errorf("empty exit status")
	}
	if w == "crash" {
		return Expect{Crash: true}, nil
	}
	if n, err := strconv.Atoi(w); err == nil {
		if n < 0 || n > 255 {
			return Expect{}, fmt.Errorf("exit code %d is out of range 0..255 (a death by signal N is written SIGNAME or 128+N)", n)
		}
		return Expect{Codes: []int{n}}, nil
	}
	if _, ok := signalNumber("linux", w); ok {
		return Expect{Signals: []string{w}}, nil
	}
	msg := fmt.Sprintf("%q is not a signal name", w)
	if sug := suggestSignal(w); sug != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", sug)
	} else {
		msg += " (want an exit code, a signal name such as SIGSEGV, or crash)"
	}
	return Expect{}, fmt.Errorf("%s", msg)
}

// Union combines expectations: a run matches if it matches any of them.
func Union(es ...Expect) Expect {
	var u Expect
	for _, e := range es {
		u.Codes = append(u.Codes, e.Codes...)
		u.Signals = append(u.Signals, e.Signals...)
		u.Crash = u.Crash || e.Crash
	}
	return u
}

// Match reports whether status s, whose stderr did or did not show a fatal
// signature, is what e expects. goos is the system the process ran on.
func (e Expect) Match(goos string, s Status, fatalStderr bool) bool {
	codes := e.Codes
	if len(codes) == 0 && len(e.Signals) == 0 && !e.Crash {
		codes = []int{0}
	}
	if e.Crash && (s.Crashed() || fatalStderr) {
		return true
	}
	for _, name := range e.Signals {
		n, _ := signalNumber(goos, name)
		if s.Signal == n || (s.Signal == 0 && goos != "windows" && s.Code == 128+n) {
			return true
		}
	}
	for _, c := range codes {
		if s.Signal == 0 && s.Code == c {
			return true
		}
		if s.Signal != 0 && goos != "windows" && c > 128 && s.shellCode() == c {
			return true
		}
	}
	return false
}

// String reads as a case would write it: "0", "SIGABRT", "[SIGSEGV, SIGABRT]", "crash".
func (e Expect) String() string {
	var words []string
	for _, c := range e.Codes {
		words = append(words, strconv.Itoa(c))
	}
	words = append(words, e.Signals...)
	if e.Crash {
		words = append(words, "crash")
	}
	switch len(words) {
	case 0:
		return "0"
	case 1:
		return words[0]
	}
	return "[" + strings.Join(words, ", ") + "]"
}
