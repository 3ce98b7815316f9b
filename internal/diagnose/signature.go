package diagnose

import (
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// A Signature is one recognised sign of trouble in stderr.
type Signature struct {
	Kind   string // fatal-python-error, segfault, abort, asan, ubsan, terminate, heap-corruption, exception-ignored, atexit-exception, nanobind-leak
	Detail string // the function or error class, when the pattern names one
	Line   int    // 1-based line of stderr where it appears
	Fatal  bool   // a crash or abort, as opposed to a warning
}

// String reads "fatal-python-error: PyThreadState_Get", or the kind alone.
func (s Signature) String() string {
	if s.Detail == "" {
		return s.Kind
	}
	return s.Kind + ": " + s.Detail
}

// A pattern recognises one kind of signature in one line of stderr.
type pattern struct {
	kind  string
	fatal bool
	re    *lazyregexp.Regexp // the first submatch, if any, is the detail
}

// patterns are tried in order on every line; the first that matches a line
// names it. Order matters where patterns overlap: faulthandler writes
// "Fatal Python error: Segmentation fault", which is a segfault, not a
// fatal error raised by the interpreter itself.
var patterns = []pattern{
	{"segfault", true, lazyregexp.New(`^Fatal Python error: (?:Segmentation fault|Bus error)`)},
	{"abort", true, lazyregexp.New(`^Fatal Python error: Aborted`)},
	{"fatal-python-error", true, lazyregexp.New(`^Fatal Python error: (?:([A-Za-z_][A-Za-z0-9_.]*): |(could not acquire lock for <[^ >]+ name='[^']*'>))?`)},
	{"asan", true, lazyregexp.New(`^==\d+==ERROR: AddressSanitizer: ([a-z-]+)`)},
	{"asan", true, lazyregexp.New(`^==\d+==ERROR: LeakSanitizer: (detected memory leaks)`)},
	// UBSan names where, then its words: FILE:LINE:COLUMN, or without
	// debug information <unknown>, an address, or (MODULE+0xOFFSET)
	// (compiler-rt's ubsan_diag.cpp, RenderLocation). "x.py:12: runtime
	// error:" in a program's own log names no column and is not one.
	{"ubsan", true, lazyregexp.New(`(?:\S:\d+:\d+|^<unknown>|^0x[0-9a-f]+|^\(\S+\+0x[0-9a-f]+\)): runtime error: (.*)$`)},
	{"terminate", true, lazyregexp.New(`^terminate called (?:after throwing an instance of '([^']+)'|(without an active exception|recursively))`)},
	{"terminate", true, lazyregexp.New(`^libc\+\+abi: terminating(?: due to uncaught exception of type (.+?)(?:: .*)?$)?`)},
	{"heap-corruption", true, lazyregexp.New(`^(double free or corruption(?: \([a-z!]+\))?|free\(\): [a-z ]+|malloc\(\): [a-z ]+|corrupted size vs\. prev_size|munmap_chunk\(\): invalid pointer|realloc\(\): invalid pointer)`)},
	{"heap-corruption", true, lazyregexp.New(`malloc: \*\*\* error for object 0x[0-9a-f]+: (.*)$`)},
	// A shell reports a child's death in a line of its own: dash as
	// "Segmentation fault (core dumped)", bash as "bash: line 1:  4242
	// Aborted                 (core dumped) cmd", zsh as "zsh: segmentation
	// fault  cmd". Only those forms count: the same words in a program's
	// own log ("Aborted 3 pending requests") are not a death.
	{"segfault", true, lazyregexp.New(`^(?:Segmentation fault|Bus error)(?: \(core dumped\))?$|: line \d+: +\d+ (?:Segmentation fault|Bus error)(?: |$)|^zsh: (?:segmentation fault|bus error)(?: |$)`)},
	{"abort", true, lazyregexp.New(`^Aborted(?: \(core dumped\))?$|: line \d+: +\d+ Aborted(?: |$)|^zsh: abort(?: |$)`)},
	// nanobind counts what outlived the interpreter as it unloads: objects
	// a static or thread_local still held, which is what crashes at exit
	// when the counting is not there to warn first.
	{"nanobind-leak", false, lazyregexp.New(`^nanobind: leaked (\d+ (?:instances|types|functions|keep_alive records))!`)},
	{"atexit-exception", false, lazyregexp.New(`^(?:Error in atexit\._run_exitfuncs:|Exception ignored in atexit callback)`)},
	{"exception-ignored", false, lazyregexp.New(`^Exception ignored (?:in|on|while)\b`)},
}

// Classify returns every signature in stderr, in the order they appear.
func Classify(stderr string) []Signature {
	var sigs []Signature
	for i, line := range strings.Split(stderr, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" {
			continue
		}
		for _, p := range patterns {
			m := p.re.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			detail := ""
			for _, sub := range m[1:] {
				if sub != "" {
					detail = sub
					break
				}
			}
			sigs = append(sigs, Signature{Kind: p.kind, Detail: detail, Line: i + 1, Fatal: p.fatal})
			break
		}
	}
	return sigs
}

// severity ranks kinds for Primary: the one that best explains the death.
var severity = map[string]int{
	"asan":               9,
	"ubsan":              8,
	"fatal-python-error": 7,
	"heap-corruption":    6,
	"terminate":          5,
	"segfault":           4,
	"abort":              3,
	"atexit-exception":   2,
	"exception-ignored":  1,
}

// Primary picks the signature that best explains a death: a sanitizer's
// report over the fatal error it caused, a fatal error over the abort that
// followed it. The boolean is false when there is none.
func Primary(sigs []Signature) (Signature, bool) {
	best, ok := Signature{}, false
	for _, s := range sigs {
		if !ok || severity[s.Kind] > severity[best.Kind] {
			best, ok = s, true
		}
	}
	return best, ok
}

// AnyFatal reports whether any signature is fatal.
func AnyFatal(sigs []Signature) bool {
	for _, s := range sigs {
		if s.Fatal {
			return true
		}
	}
	return false
}
