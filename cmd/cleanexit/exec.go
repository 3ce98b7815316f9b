package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/internal/guard"
	"github.com/cleanexit/cleanexit/runner/report"
)

const execSynopsis = "[--timeout D] [--backtrace crash] -- CMD [ARG…]\n\n" +
	"Runs CMD in this environment and judges its end as a case's python is judged.\n" +
	"It exits 0 for a clean exit, CMD's own status for an ordinary failure, 70 for\n" +
	"a crash (a death by signal, a fatal signature on stderr) even when CMD's output\n" +
	"says it passed, 124 when --timeout stopped it, and 127 when CMD cannot start."

func cmdExec(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("exec", execSynopsis, stderr)
	var c guard.Command
	fs.Var(cmdflag.Duration(&c.Timeout), "timeout", "stop CMD after this long (30s, 10m), asking every Python in it for its threads' stacks first")
	fs.StringVar(&c.Backtrace, "backtrace", forensics.ModeOff, "repeat the whole command under gdb or lldb for the phase and native stack: off, crash or always")
	fs.Var(cmdflag.Duration(&c.BacktraceTimeout), "backtrace-timeout", "bound the rerun under the debugger (default 60s)")
	record := fs.String("record", "", "write how CMD ended to `FILE` (JSON), for 'cleanexit new --from-exec FILE' to draft a case from")
	// Flags end at the command, as for timeout(1): its own flags are its own.
	if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
		return nil
	} else if err != nil {
		return command.Exit(command.UsageError, nil) // the flag package said why
	}
	if c.Argv = fs.Args(); len(c.Argv) == 0 {
		fs.Usage()
		return command.Exit(command.UsageError, errors.New("no command to run (cleanexit exec -- CMD [ARG…])"))
	}
	if err := forensics.ParseMode(c.Backtrace); err != nil {
		return command.Exit(command.UsageError, fmt.Errorf("--backtrace: %v", err))
	}
	c.Env, c.Stdin, c.Stdout, c.Stderr = os.Environ(), os.Stdin, stdout, stderr
	ctx, stop := command.Interruptible()
	defer stop()
	o, err := guard.Run(ctx, c)
	if err != nil {
		return command.Exit(127, fmt.Errorf("cannot run %s: %v", c.Argv[0], err))
	}
	if ctx.Err() != nil {
		return command.Interruption(ctx, command.ErrInterrupted)
	}
	// The verdict goes to stderr: the command's stdout stays its own, for
	// whatever reads it.
	report.Guarded(stderr, c.Argv, o)
	if *record != "" {
		dir, _ := os.Getwd()
		if err := guard.RecordOf(c.Argv, dir, o).Write(*record); err != nil {
			fmt.Fprintf(stderr, "cleanexit exec: --record: %v\n", err)
		}
	}
	return command.Quiet(o.Code)
}
