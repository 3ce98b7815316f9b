package reduce

import (
	"flag"
	"io"
	"strings"
	"testing"
)

// The flags parse into the options, and what cannot be reduced is said
// before a session is opened, naming the flags.
func TestFlagsAndCheck(t *testing.T) {
	tests := []struct {
		args []string
		want string // "" when the options are fine
	}{
		{nil, ""},
		{[]string{"--repeat", "5", "--min-crashes", "3", "-j", "4", "--file", "a.py", "--file", "b.cc"}, ""},
		{[]string{"--repeat", "2", "--min-crashes", "3"}, "want 1 <= --min-crashes (3) <= --repeat (2)"},
		{[]string{"--repeat", "0"}, "want 1 <= --min-crashes (1) <= --repeat (0)"},
		{[]string{"-j", "0"}, "-j: want 1 or more"},
	}
	for _, tt := range tests {
		fs := flag.NewFlagSet("reduce", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		var to TargetOptions
		to.AddFlags(fs, "off")
		var o Options
		o.AddFlags(fs)
		if err := fs.Parse(tt.args); err != nil {
			t.Fatalf("%q: %v", tt.args, err)
		}
		err := to.Check()
		if err == nil {
			err = o.Check()
		}
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%q: %q, want %q", tt.args, got, tt.want)
		}
		if tt.want == "" && (to.Backtrace != "off" || o.Jobs < 1 || len(o.Files) != strings.Count(strings.Join(tt.args, " "), "--file")) {
			t.Errorf("%q parsed as %+v, %+v", tt.args, to, o)
		}
	}
}
