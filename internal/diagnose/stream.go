package diagnose

import (
	"regexp"
	"regexp/syntax"
	"sync"
)

// A Stream classifies the lines of an output as they are written, so that
// a signature in a middle that no one keeps (a run that prints gigabytes)
// is still seen. It keeps what it found, not the output. The zero Stream
// is ready to use; it is safe for concurrent writes.
type Stream struct {
	// Match, when set, is a pattern matched against each line: Matched
	// reports whether some line matched. Only a pattern that cannot span
	// lines (SingleLine) is matched this way.
	Match *regexp.Regexp

	mu      sync.Mutex
	line    []byte // the line being written, at most maxLine bytes of it
	n       int    // lines finished
	sigs    []Signature
	matched bool
}

// maxLine is how much of one line a Stream reads: every signature is named
// near the start of its line, and a line of megabytes is a runaway loop.
const maxLine = 64 << 10

// maxSignatures bounds what a Stream keeps of a stream that repeats a
// warning forever; past it only fatal signatures of a kind not yet kept
// are added, so the worst of the stream is never lost.
const maxSignatures = 256

func (s *Stream) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(p)
	for len(p) > 0 {
		i := indexNL(p)
		part := p
		if i >= 0 {
			part = p[:i]
		}
		if room := maxLine - len(s.line); room > 0 {
			s.line = append(s.line, part[:min(room, len(part))]...)
		}
		if i < 0 {
			break
		}
		s.finish()
		p = p[i+1:]
	}
	return n, nil
}

func indexNL(p []byte) int {
	for i, b := range p {
		if b == '\n' {
			return i
		}
	}
	return -1
}

// finish classifies the line written so far.
func (s *Stream) finish() {
	s.n++
	line := string(s.line)
	s.line = s.line[:0]
	if sig, ok := Line(line, s.n); ok {
		s.keep(sig)
	}
	if s.Match != nil && !s.matched && s.Match.MatchString(line) {
		s.matched = true
	}
}

func (s *Stream) keep(sig Signature) {
	if len(s.sigs) >= maxSignatures {
		if !sig.Fatal {
			return
		}
		for _, k := range s.sigs {
			if k.Fatal && k.Kind == sig.Kind {
				return
			}
		}
	}
	s.sigs = append(s.sigs, sig)
}

// Signatures returns what the stream showed, its last unfinished line
// included, in the order written.
func (s *Stream) Signatures() []Signature {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.line) > 0 {
		s.finish()
	}
	return append([]Signature(nil), s.sigs...)
}

// Matched reports whether a line matched Match.
func (s *Stream) Matched() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.line) > 0 {
		s.finish()
	}
	return s.matched
}

// SingleLine reports whether every match of re lies within one line, so
// that matching it line by line finds what matching the whole text finds:
// no part of it can match a newline.
func SingleLine(re *regexp.Regexp) bool {
	t, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return false
	}
	return !matchesNewline(t.Simplify())
}

func matchesNewline(t *syntax.Regexp) bool {
	switch t.Op {
	case syntax.OpAnyChar:
		return true
	case syntax.OpLiteral:
		for _, r := range t.Rune {
			if r == '\n' {
				return true
			}
		}
	case syntax.OpCharClass:
		for i := 0; i+1 < len(t.Rune); i += 2 {
			if t.Rune[i] <= '\n' && '\n' <= t.Rune[i+1] {
				return true
			}
		}
	}
	for _, sub := range t.Sub {
		if matchesNewline(sub) {
			return true
		}
	}
	return false
}
