package script

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

func TestCaptureKeepsHeadAndTail(t *testing.T) {
	tests := []struct {
		name             string
		headMax, tailMax int
		writes           []string
		want             string
		dropped          int64
	}{
		{name: "all of a short output",
			headMax: 8, tailMax: 8, writes: []string{"a\n", "b\n"},
			want: "a\nb\n"},
		{name: "exactly what fits",
			headMax: 4, tailMax: 4, writes: []string{"1\n2\n3\n4\n"},
			want: "1\n2\n3\n4\n"},
		{name: "the middle dropped, said, and the ends cut to whole lines",
			headMax: 5, tailMax: 5, writes: []string{"h1\nh2\nm1\nm2\nt1\nok\n"},
			want:    "h1\n[cleanexit: 12 bytes of stderr dropped here, 6 kept of 18]\nok\n",
			dropped: 12},
		{name: "the tail wraps over many small writes",
			headMax: 3, tailMax: 6, writes: []string{"a\n", "b\n", "c\n", "d\n", "e\n", "f\n", "g\n"},
			want:    "a\n[cleanexit: 6 bytes of stderr dropped here, 8 kept of 14]\ne\nf\ng\n",
			dropped: 6},
		{name: "one write larger than the tail keeps its end",
			headMax: 2, tailMax: 4, writes: []string{"a\n" + strings.Repeat("x\n", 50) + "END\n"},
			want:    "a\n[cleanexit: 100 bytes of stderr dropped here, 6 kept of 106]\nEND\n",
			dropped: 100},
		{name: "no newline in the head keeps none of it",
			headMax: 3, tailMax: 3, writes: []string{"xxxxxxxx\nok\n"},
			want:    "[cleanexit: 9 bytes of stderr dropped here, 3 kept of 12]\nok\n",
			dropped: 9},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &capture{headMax: tt.headMax, tailMax: tt.tailMax}
			for _, w := range tt.writes {
				if n, err := c.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write = %d, %v", n, err)
				}
			}
			got, dropped := c.text("stderr")
			if got != tt.want || dropped != tt.dropped {
				t.Errorf("text = %q, %d dropped; want %q, %d", got, dropped, tt.want, tt.dropped)
			}
			if n, _ := c.progress(); n != int64(len(strings.Join(tt.writes, ""))) {
				t.Errorf("progress = %d, want every byte written counted", n)
			}
			if len(c.head) > tt.headMax || len(c.ring) > tt.tailMax {
				t.Errorf("kept %d+%d bytes, more than %d+%d", len(c.head), len(c.ring), tt.headMax, tt.tailMax)
			}
		})
	}
}

// TestCaptureNeverInvents writes random output in random pieces and checks
// that what is kept is a prefix and a suffix of what was written, whole
// lines, and that the count of dropped bytes adds up.
func TestCaptureNeverInvents(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		var all strings.Builder
		c := &capture{headMax: rng.IntN(20), tailMax: 1 + rng.IntN(20)}
		for w := rng.IntN(12); w > 0; w-- {
			p := make([]byte, rng.IntN(30))
			for j := range p {
				p[j] = "ab\n"[rng.IntN(3)]
			}
			all.Write(p)
			c.Write(p)
		}
		full := all.String()
		got, dropped := c.text("stdout")
		if dropped == 0 {
			if got != full {
				t.Fatalf("nothing dropped, but kept %q of %q", got, full)
			}
			continue
		}
		head, rest, ok := strings.Cut(got, "[cleanexit: ")
		_, tail, _ := strings.Cut(rest, "]\n")
		if !ok || !strings.HasPrefix(full, head) || !strings.HasSuffix(full, tail) {
			t.Fatalf("kept %q of %q: not a head and a tail", got, full)
		}
		if int64(len(head)+len(tail))+dropped != int64(len(full)) {
			t.Fatalf("kept %q of %q, %d dropped: the bytes do not add up", got, full, dropped)
		}
		if (head != "" && !strings.HasSuffix(head, "\n")) || (tail != "" && !strings.HasPrefix(full[len(full)-len(tail)-1:], "\n")) {
			t.Fatalf("kept %q of %q: a line cut in two", got, full)
		}
	}
}

// TestCaptureFromAProcess: a real process's stdout, copied by os/exec
// through ReadFrom, keeps the same head and tail as the same bytes written
// in one piece.
func TestCaptureFromAProcess(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	// 20,000 numbered lines: more than the pool's buffer in every read,
	// and more than head and tail keep together.
	cmd := exec.Command(sh, "-c", `i=0; while [ $i -lt 20000 ]; do echo "line $i"; i=$((i+1)); done`)
	got := &capture{headMax: 1000, tailMax: 3000}
	cmd.Stdout = got
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	var all bytes.Buffer
	for i := range 20000 {
		fmt.Fprintf(&all, "line %d\n", i)
	}
	want := &capture{headMax: 1000, tailMax: 3000}
	want.Write(all.Bytes())
	gotText, gotDropped := got.text("stdout")
	wantText, wantDropped := want.text("stdout")
	if gotText != wantText || gotDropped != wantDropped {
		t.Errorf("through the pipe: %d dropped,\n%s\nwant %d dropped,\n%s", gotDropped, gotText, wantDropped, wantText)
	}
	if !strings.HasSuffix(gotText, "line 19999\n") {
		t.Errorf("the last line is missing:\n%s", gotText)
	}
}
