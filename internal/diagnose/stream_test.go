package diagnose

import (
	"regexp"
	"strings"
	"testing"
)

// TestStreamSeesEveryLine writes a stream in chunks that cut lines
// anywhere: what Classify finds in the whole text, the Stream finds as it
// passes, line numbers included.
func TestStreamSeesEveryLine(t *testing.T) {
	text := strings.Repeat("x\n", 1000) +
		"Fatal Python error: PyThreadState_Get: the function must be called with the GIL held\n" +
		strings.Repeat("y\n", 1000) +
		"holder.cpp:12:5: runtime error: member call on null pointer of type 'Refs'\n" +
		"Exception ignored in: <function C.__del__ at 0x7f>" // no final newline
	want := Classify(text)
	if len(want) != 3 {
		t.Fatalf("Classify found %v, want 3 signatures", want)
	}
	for _, chunk := range []int{1, 7, 64, 4096, len(text)} {
		s := &Stream{}
		for i := 0; i < len(text); i += chunk {
			s.Write([]byte(text[i:min(i+chunk, len(text))]))
		}
		got := s.Signatures()
		if len(got) != len(want) {
			t.Fatalf("chunks of %d: %v, want %v", chunk, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("chunks of %d: signature %d = %+v, want %+v", chunk, i, got[i], want[i])
			}
		}
	}
}

// TestStreamBoundsWhatItKeeps: a warning repeated forever keeps a bounded
// list, and a fatal line after it is still kept; a line of megabytes is
// read as far as its start.
func TestStreamBoundsWhatItKeeps(t *testing.T) {
	s := &Stream{}
	for i := 0; i < 10*maxSignatures; i++ {
		s.Write([]byte("Exception ignored in: <x>\n"))
	}
	s.Write([]byte("Fatal Python error: Aborted\n"))
	s.Write([]byte("Fatal Python error: Aborted\n"))
	s.Write([]byte("Fatal Python error: PyThreadState_Get: x\n"))
	got := s.Signatures()
	if len(got) != maxSignatures+2 {
		t.Fatalf("kept %d signatures, want %d", len(got), maxSignatures+2)
	}
	if p, _ := Primary(got); p.Kind != "fatal-python-error" || p.Line != 10*maxSignatures+3 {
		t.Errorf("Primary = %+v, want the fatal error at line %d", p, 10*maxSignatures+3)
	}

	long := &Stream{}
	long.Write([]byte("Fatal Python error: Segmentation fault" + strings.Repeat("z", 10<<20) + "\nok\n"))
	if sigs := long.Signatures(); len(sigs) != 1 || sigs[0].Kind != "segfault" || sigs[0].Line != 1 {
		t.Errorf("a 10 MiB line: %v, want one segfault at line 1", sigs)
	}
	if len(long.line) != 0 || cap(long.line) > 2*maxLine {
		t.Errorf("the stream holds %d bytes (cap %d) of a finished line", len(long.line), cap(long.line))
	}

	// The same line written in small pieces, as a pipe delivers it.
	pieces := &Stream{}
	pieces.Write([]byte("Fatal Python error: Segmentation fault"))
	for i := 0; i < 1000; i++ {
		pieces.Write([]byte(strings.Repeat("z", 1024)))
	}
	if len(pieces.line) > maxLine {
		t.Errorf("a line written in 1 KiB pieces: the stream holds %d bytes of it, want at most %d", len(pieces.line), maxLine)
	}
	if sigs := pieces.Signatures(); len(sigs) != 1 || sigs[0].Kind != "segfault" {
		t.Errorf("a long line written in pieces: %v, want one segfault", sigs)
	}
}

// Asking for what a stream found, midway, neither counts a line nor
// loses one: the lines written after keep their numbers.
func TestStreamAskedMidway(t *testing.T) {
	s := &Stream{Match: regexp.MustCompile(`never`)}
	s.Write([]byte("a\n"))
	s.Signatures()
	s.Matched()
	s.Write([]byte("Fatal Python error: Aborted\n"))
	s.Matched()
	s.Signatures()
	s.Write([]byte("b\nException ignored in: <x>\n"))
	got := s.Signatures()
	if len(got) != 2 || got[0].Line != 2 || got[1].Line != 4 {
		t.Errorf("signatures %+v, want lines 2 and 4", got)
	}
}

func TestStreamMatch(t *testing.T) {
	for _, tt := range []struct {
		pattern, text string
		want          bool
	}{
		{`(?m)^bye$`, "hello\nbye\nx", true},
		{`(?m)^bye$`, "hello\nbye x\n", false},
		{`(?m)marker`, strings.Repeat("q\n", 100) + "a marker b", true},
		{`(?m)^$`, "a\n\nb\n", true},
	} {
		s := &Stream{Match: regexp.MustCompile(tt.pattern)}
		s.Write([]byte(tt.text))
		if got, whole := s.Matched(), regexp.MustCompile(tt.pattern).MatchString(tt.text); got != tt.want || got != whole {
			t.Errorf("%q on %q: streamed %v, whole %v, want %v", tt.pattern, tt.text, got, whole, tt.want)
		}
	}
}

func TestSingleLine(t *testing.T) {
	for pattern, want := range map[string]bool{
		`(?m)^Fatal Python error: \w+`: true,
		`(?m)^bye$`:                    true,
		`a.*b`:                         true, // . stops at a newline
		`(?s)a.*b`:                     false,
		`a\nb`:                         false,
		`a\s+b`:                        false,
		`a[^x]b`:                       false,
		`a[ \t]b`:                      true,
		`a[\n]b`:                       false,
		`a[\n-z]b`:                     false,
		`a[\x00-\n]b`:                  false,
		`(?i)abc|def`:                  true,
	} {
		if got := SingleLine(regexp.MustCompile(pattern)); got != want {
			t.Errorf("SingleLine(%q) = %v, want %v", pattern, got, want)
		}
	}
}
