package command

import (
	"bytes"
	"errors"
	"flag"
	"io"
	"testing"
)

// A group answers no arguments, -h, a typo and each command's error
// alike, and says each error once, prefixed with the command's path.
func TestGroupRun(t *testing.T) {
	failing := func(err error) func([]string, io.Writer, io.Writer) error {
		return func([]string, io.Writer, io.Writer) error { return err }
	}
	cache := Group{Name: "cache", Synopsis: "<list>", Commands: []Command{
		{Name: "list", Run: failing(errors.New("no cache folder"))},
		{Name: "verify", Run: failing(Exit(Failed, nil))},
	}}
	top := Group{Synopsis: "<command>", Commands: []Command{
		{Name: "run", Run: failing(Exit(UsageError, errors.New("--shard: want I/N")))},
		{Name: "check", Run: failing(Exit(Failed, AsIs(errors.New("a.txtar:3: unknown key"))))},
		{Name: "fmt", Run: failing(errHelped)},
		{Name: "stop", Run: failing(ErrInterrupted)},
		{Name: "cache", Run: cache.Run},
	}}
	for _, tt := range []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{nil, UsageError, "", top.usage()},
		{[]string{"-h"}, 0, top.usage(), ""},
		{[]string{"runn"}, UsageError, "", "cleanexit: unknown command \"runn\" (did you mean \"run\"?)\n\n" + top.usage()},
		{[]string{"zzzz"}, UsageError, "", "cleanexit: unknown command \"zzzz\"\n\n" + top.usage()},
		{[]string{"run"}, UsageError, "", "cleanexit run: --shard: want I/N\n"},
		{[]string{"check"}, Failed, "", "a.txtar:3: unknown key\n"},
		{[]string{"fmt"}, 0, "", ""},
		{[]string{"stop"}, Interrupted, "", "cleanexit: interrupted\n"},
		{[]string{"cache", "list"}, Failed, "", "cleanexit cache list: no cache folder\n"},
		{[]string{"cache", "verify"}, Failed, "", ""},
		{[]string{"cache", "lsit"}, UsageError, "", "cleanexit cache: unknown subcommand \"lsit\" (did you mean \"list\"?)\n\n" + cache.usage()},
		{[]string{"cache"}, UsageError, "", cache.usage()},
	} {
		var stdout, stderr bytes.Buffer
		code := Status("", top.Run(tt.args, &stdout, &stderr), &stderr)
		if code != tt.code || stdout.String() != tt.stdout || stderr.String() != tt.stderr {
			t.Errorf("%q: status %d, stdout %q, stderr %q\nwant %d, %q, %q", tt.args, code, stdout.String(), stderr.String(), tt.code, tt.stdout, tt.stderr)
		}
	}
}

// Parse counts the arguments left after the flags, and -h is no failure.
func TestParse(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want int
		code int
		msg  string
	}{
		{[]string{"a", "-v", "b"}, -1, 0, ""},
		{[]string{"a"}, 1, 0, ""},
		{[]string{"a", "b"}, 1, UsageError, ""},
		{[]string{"extra"}, 0, UsageError, `unexpected argument "extra"`},
		{[]string{"-h"}, 1, 0, ""},
		{[]string{"-x"}, -1, UsageError, ""},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Bool("v", false, "")
		_, err := Parse(fs, tt.args, tt.want)
		msg := ""
		if e := errors.Unwrap(err); e != nil {
			msg = e.Error()
		}
		if Code(err) != tt.code || msg != tt.msg {
			t.Errorf("%q want %d: status %d, %q; want %d, %q", tt.args, tt.want, Code(err), msg, tt.code, tt.msg)
		}
	}
	if Code(errors.New("plain")) != Failed || Code(nil) != 0 {
		t.Error("a plain error is not status 1, or nil not 0")
	}
}
