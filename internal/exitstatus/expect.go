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
	// Timeout: the process does not end within the case's timeout (a
	// hang the case declares); one that ends does not match it.
	Timeout bool
}

// Clean reports whether the expectation is a clean exit, exit 0 alone.
func (e Expect) Clean() bool {
	if e.Crash || e.Timeout || len(e.Signals) > 0 {
		return false
	}
	for _, c := range e.Codes {
		if c != 0 {
			return false
		}
	}
	return true
}

// Crashes reports whether e accepts a crash: crash, a signal, or a code a
// shell gives a death by signal (128+N). Only such an end has a phase.
func (e Expect) Crashes() bool {
	if e.Crash || len(e.Signals) > 0 {
		return true
	}
	for _, c := range e.Codes {
		if c > 128 {
			return true
		}
	}
	return false
}

// AcceptsZero reports whether exit 0 is one of the ends e accepts, written
// or (for the zero Expect) implied: such an exit 0 must still be clean.
func (e Expect) AcceptsZero() bool {
	if len(e.Codes) == 0 && len(e.Signals) == 0 && !e.Crash && !e.Timeout {
		return true
	}
	for _, c := range e.Codes {
		if c == 0 {
			return true
		}
	}
	return false
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
	if w == "timeout" {
		return Expect{Timeout: true}, nil
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
		msg += " (want an exit code, a signal name such as SIGSEGV, crash, or timeout)"
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
		u.Timeout = u.Timeout || e.Timeout
	}
	return u
}

// Overlap says how two words of one exit list accept the same end, or ""
// when they do not: a list that names an end twice (exit: [0, 0], [139,
// SIGSEGV], [crash, SIGABRT]) says less than its author meant.
func Overlap(a, b Expect) string {
	switch {
	case a.Crash && b.Crash, a.Timeout && b.Timeout:
		return "named twice"
	case a.Crash && len(b.Signals) > 0, b.Crash && len(a.Signals) > 0:
		return "crash already accepts every death by signal"
	}
	for _, x := range a.Signals {
		for _, y := range b.Signals {
			if x == y {
				return "named twice"
			}
		}
	}
	for _, x := range a.Codes {
		for _, y := range b.Codes {
			if x == y {
				return "named twice"
			}
		}
		if x > 128 && b.Crash {
			return fmt.Sprintf("crash already accepts %d, a death by signal %d", x, x-128)
		}
		for _, name := range b.Signals {
			if n, _ := signalNumber("linux", name); x == 128+n {
				return fmt.Sprintf("%d is how a shell shows a death by %s", x, name)
			}
		}
	}
	if len(a.Codes) == 0 && len(b.Codes) > 0 {
		return Overlap(b, a)
	}
	return ""
}

// Match reports whether status s, whose stderr did or did not show a fatal
// signature, is what e expects of a process that ended (a hang, Timeout,
// is the caller's to judge). goos is the system the process ran on.
func (e Expect) Match(goos string, s Status, fatalStderr bool) bool {
	codes := e.Codes
	if len(codes) == 0 && len(e.Signals) == 0 && !e.Crash && !e.Timeout {
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

// String reads as a case would write it: "0", "SIGABRT", "[SIGSEGV, SIGABRT]", "crash", "timeout".
func (e Expect) String() string {
	var words []string
	for _, c := range e.Codes {
		words = append(words, strconv.Itoa(c))
	}
	words = append(words, e.Signals...)
	if e.Crash {
		words = append(words, "crash")
	}
	if e.Timeout {
		words = append(words, "timeout")
	}
	switch len(words) {
	case 0:
		return "0"
	case 1:
		return words[0]
	}
	return "[" + strings.Join(words, ", ") + "]"
}
