package command

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/internal/cmdflag"
)

// Exit statuses shared by the commands.
const (
	Failed     = 1 // something was judged and failed
	UsageError = 2 // the command line or the cases are wrong
	// Interrupted: Ctrl-C, as a shell reports it; SIGTERM and SIGHUP end
	// a command with 143 and 129 (see Interruption).
	Interrupted = 130
	// ReaderGone: what read the command's output went away (a pipe into
	// head, once head had its lines), as a shell reports a death by SIGPIPE.
	ReaderGone = 141
)

// An exitError ends a command with a given exit status. Err, when not
// nil, is what to tell the user; nil means it has been told already.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// Exit is an error that ends the command with code, saying err.
func Exit(code int, err error) error { return &exitError{code, err} }

// Quiet is the error that ends a command with code, having said why;
// nil for 0.
func Quiet(code int) error {
	if code == 0 {
		return nil
	}
	return Exit(code, nil)
}

var (
	// ErrInterrupted ends a command that was interrupted.
	ErrInterrupted = Exit(Interrupted, errInterrupted)
	errInterrupted = errors.New("interrupted")
	// errHelped ends a command whose usage -h asked for: successfully.
	errHelped = Exit(0, nil)
)

// Code is the exit status err carries, as Status returns it, unsaid.
func Code(err error) int {
	var e *exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &e):
		return e.code
	}
	return Failed
}

// Status is the exit status err carries, after saying its message on
// stderr as "cleanexit CMD: message". A plain error is status 1.
func Status(cmd string, err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var e *exitError
	if !errors.As(err, &e) {
		e = &exitError{Failed, err}
	}
	var plain asIs
	switch {
	case e.err == nil:
	case e.err == errInterrupted:
		fmt.Fprintln(stderr, "cleanexit: interrupted")
	case errors.As(e.err, &plain):
		fmt.Fprintln(stderr, e.err)
	default:
		fmt.Fprintf(stderr, "%s: %v\n", prefix(cmd), e.err)
	}
	return e.code
}

// AsIs is err, said without the "cleanexit CMD: " prefix: the file:line
// problems of a corpus that fails to load, each of which starts its line.
func AsIs(err error) error { return asIs{err} }

type asIs struct{ error }

// parseError is the error of a command line the flag package rejected and
// has explained already. -h asked for the usage: that is no failure.
func parseError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return Exit(UsageError, nil)
}

// Parse parses a command's flags, wherever they stand among its other
// arguments (see cmdflag.Parse), and returns those; want, unless
// negative, is how many there must be. Its error ends the command: a
// usage error, or, once -h printed the usage, a successful exit.
func Parse(fs *flag.FlagSet, args []string, want int) ([]string, error) {
	pos, err := cmdflag.Parse(fs, args)
	switch {
	case err != nil:
		if err = parseError(err); err == nil {
			err = errHelped
		}
		return nil, err
	case want < 0 || len(pos) == want:
		return pos, nil
	case want == 0:
		return nil, Exit(UsageError, fmt.Errorf("unexpected argument %q", pos[0]))
	}
	fs.Usage()
	return nil, Exit(UsageError, nil)
}
