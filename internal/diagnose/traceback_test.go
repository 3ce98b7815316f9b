package diagnose

import "testing"

func TestTracebackKeepsOnlyTheReport(t *testing.T) {
	tests := []struct {
		name, stderr, want string
	}{
		{
			name: "header, two threads, program output between and after",
			stderr: "Fatal Python error: Segmentation fault\r\n" +
				"\n" +
				"Thread 0x00007f01 (most recent call first):\n" +
				"  File \"x.py\", line 3 in f\n" +
				"  <no Python frame>\n" +
				"hello from the program\n" +
				"  File \"y.py\", line 1 in g\n" +
				"\n" +
				"Current thread 0x00007f00 (most recent call first):\n" +
				"  File \"x.py\", line 9 in <module>\n" +
				"  ...\n" +
				"Thread 0x1 is done\n" +
				"Python runtime state: finalizing\n",
			want: "Fatal Python error: Segmentation fault\n" +
				"\n" +
				"Thread 0x00007f01 (most recent call first):\n" +
				"  File \"x.py\", line 3 in f\n" +
				"  <no Python frame>\n" +
				"\n" +
				"Current thread 0x00007f00 (most recent call first):\n" +
				"  File \"x.py\", line 9 in <module>\n" +
				"  ...\n" +
				"Python runtime state: finalizing",
		},
		{
			name:   "a thread block first",
			stderr: "Current thread 0x1 (most recent call first):\n  File \"x.py\", line 1 in <module>\n",
			want:   "Current thread 0x1 (most recent call first):\n  File \"x.py\", line 1 in <module>",
		},
		{
			name:   "a header without a thread block is no report",
			stderr: "Fatal Python error: Aborted\nThread 0x1 is done\n",
		},
		{
			name:   "nothing",
			stderr: "all good\n",
		},
	}
	for _, tt := range tests {
		if got := Traceback(tt.stderr); got != tt.want {
			t.Errorf("%s: Traceback =\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

// A blank line in stderr ends nothing: signatures after it are found, on
// their own line numbers.
func TestClassifyPastBlankLines(t *testing.T) {
	sigs := Classify("\nstarting\n\n\nFatal Python error: Aborted\n")
	if len(sigs) != 1 || sigs[0].Kind != "abort" || sigs[0].Line != 5 {
		t.Errorf("Classify = %+v, want abort at line 5", sigs)
	}
}
