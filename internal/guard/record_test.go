package guard

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestRecordRepro(t *testing.T) {
	for _, tt := range []struct {
		argv       []string
		repro, err string
	}{
		{[]string{"python3", "crash.py", "--flag"}, "/w/crash.py", ""},
		{[]string{"/usr/bin/python3.12", "-X", "dev", "-u", "/abs/r.py"}, "/abs/r.py", ""},
		{[]string{"python", "-m", "pytest", "tests"}, "", "runs -m pytest, not a file"},
		{[]string{"python", "-c", "pass"}, "", "runs -c pass, not a file"},
		{[]string{"python", "script"}, "", "runs script, not a .py file"},
		{[]string{"python"}, "", "runs no file"},
		{[]string{"pytest", "tests"}, "", "is pytest, not a python run"},
	} {
		r := Record{Argv: tt.argv, Dir: "/w"}
		got, err := r.Repro()
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("Repro(%q) = %q, %v; want an error with %q", tt.argv, got, err, tt.err)
			}
		} else if err != nil || got != filepath.FromSlash(tt.repro) {
			t.Errorf("Repro(%q) = %q, %v; want %q", tt.argv, got, err, tt.repro)
		}
	}
}

func TestRecordExit(t *testing.T) {
	for _, tt := range []struct {
		r    Record
		want string
	}{
		{Record{Verdict: "CRASH", Signal: "SIGSEGV"}, "SIGSEGV"},
		{Record{Verdict: "CRASH", Fatal: true}, "crash"},
		{Record{Verdict: "TIMEOUT", Signal: "SIGKILL"}, "timeout"},
		{Record{Verdict: "FAIL"}, ""},
		{Record{Verdict: "PASS"}, ""},
	} {
		if got := tt.r.Exit(); got != tt.want {
			t.Errorf("%+v.Exit() = %q, want %q", tt.r, got, tt.want)
		}
	}
}
