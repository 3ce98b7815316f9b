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
	// needles are words a line must hold one of for re to match it: a
	// cheap test first, since every line of a stream is classified as it
	// passes (Stream) and most lines are none of these.
	needles []string
	re      *lazyregexp.Regexp // the first submatch, if any, is the detail
}

// patterns are tried in order on every line; the first that matches a line
// names it. Order matters where patterns overlap: faulthandler writes
// "Fatal Python error: Segmentation fault", which is a segfault, not a
// fatal error raised by the interpreter itself.
var patterns = []pattern{
	{"segfault", true, words("Fatal Python error: "), lazyregexp.New(`^Fatal Python error: (?:Segmentation fault|Bus error)`)},
	{"abort", true, words("Fatal Python error: Aborted"), lazyregexp.New(`^Fatal Python error: Aborted`)},
	{"fatal-python-error", true, words("Fatal Python error:"), lazyregexp.New(`^Fatal Python error: (?:([A-Za-z_][A-Za-z0-9_.]*): |(could not acquire lock for <[^ >]+ name='[^']*'>))?`)},
	{"asan", true, words("AddressSanitizer: "), lazyregexp.New(`^==\d+==ERROR: AddressSanitizer: ([a-z-]+)`)},
	{"asan", true, words("LeakSanitizer: "), lazyregexp.New(`^==\d+==ERROR: LeakSanitizer: (detected memory leaks)`)},
	// UBSan names where, then its words: FILE:LINE:COLUMN, or without
	// debug information <unknown>, an address, or (MODULE+0xOFFSET)
	// (compiler-rt's ubsan_diag.cpp, RenderLocation). "x.py:12: runtime
	// error:" in a program's own log names no column and is not one.
	{"ubsan", true, words(": runtime error: "), lazyregexp.New(`(?:\S:\d+:\d+|^<unknown>|^0x[0-9a-f]+|^\(\S+\+0x[0-9a-f]+\)): runtime error: (.*)$`)},
	{"terminate", true, words("terminate called "), lazyregexp.New(`^terminate called (?:after throwing an instance of '([^']+)'|(without an active exception|recursively))`)},
	{"terminate", true, words("libc++abi: terminating"), lazyregexp.New(`^libc\+\+abi: terminating(?: due to uncaught exception of type (.+?)(?:: .*)?$)?`)},
	{"heap-corruption", true, words("double free or corruption", "free(): ", "malloc(): ", "corrupted size vs. prev_size", "munmap_chunk(): ", "realloc(): "),
		lazyregexp.New(`^(double free or corruption(?: \([a-z!]+\))?|free\(\): [a-z ]+|malloc\(\): [a-z ]+|corrupted size vs\. prev_size|munmap_chunk\(\): invalid pointer|realloc\(\): invalid pointer)`)},
	{"heap-corruption", true, words("malloc: *** error for object "), lazyregexp.New(`malloc: \*\*\* error for object 0x[0-9a-f]+: (.*)$`)},
	// A shell reports a child's death in a line of its own: dash as
	// "Segmentation fault (core dumped)", bash as "bash: line 1:  4242
	// Aborted                 (core dumped) cmd", zsh as "zsh: segmentation
	// fault  cmd". Only those forms count: the same words in a program's
	// own log ("Aborted 3 pending requests") are not a death.
	{"segfault", true, words("Segmentation fault", "Bus error", "zsh: segmentation fault", "zsh: bus error"),
		lazyregexp.New(`^(?:Segmentation fault|Bus error)(?: \(core dumped\))?$|: line \d+: +\d+ (?:Segmentation fault|Bus error)(?: |$)|^zsh: (?:segmentation fault|bus error)(?: |$)`)},
	{"abort", true, words("Aborted", "zsh: abort"), lazyregexp.New(`^Aborted(?: \(core dumped\))?$|: line \d+: +\d+ Aborted(?: |$)|^zsh: abort(?: |$)`)},
	// nanobind counts what outlived the interpreter as it unloads: objects
	// a static or thread_local still held, which is what crashes at exit
	// when the counting is not there to warn first.
	{"nanobind-leak", false, words("nanobind: leaked "), lazyregexp.New(`^nanobind: leaked (\d+ (?:instances|types|functions|keep_alive records))!`)},
	{"atexit-exception", false, words("atexit"), lazyregexp.New(`^(?:Error in atexit\._run_exitfuncs:|Exception ignored in atexit callback)`)},
	{"exception-ignored", false, words("Exception ignored "), lazyregexp.New(`^Exception ignored (?:in|on|while)\b`)},
}

func words(w ...string) []string { return w }

// holds reports whether line holds one of p's needles.
func (p *pattern) holds(line string) bool {
	for _, n := range p.needles {
		if strings.Contains(line, n) {
			return true
		}
	}
	return false
}

// Classify returns every signature in stderr, in the order they appear.
func Classify(stderr string) []Signature {
	var sigs []Signature
	for i, line := range strings.Split(stderr, "\n") {
		if sig, ok := Line(line, i+1); ok {
			sigs = append(sigs, sig)
		}
	}
	return sigs
}

// Line classifies one line of stderr, its n-th (1-based); false when the
// line shows no sign of trouble.
func Line(line string, n int) (Signature, bool) {
	line = strings.TrimRight(line, "\r")
	if line == "" {
		return Signature{}, false
	}
	for i := range patterns {
		p := &patterns[i]
		if !p.holds(line) {
			continue
		}
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
		return Signature{Kind: p.kind, Detail: detail, Line: n, Fatal: p.fatal}, true
	}
	return Signature{}, false
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
