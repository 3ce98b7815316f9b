package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// An exitError ends a command with a given exit status. It is how a
// status other than 0 travels from the depths of a command to main, so
// that no helper returns a bare 1, 2 or 130. Err, when not nil, is what
// to tell the user; nil means it has been told already.
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

// exit is an error that ends the command with code, saying err.
func exit(code int, err error) error { return &exitError{code, err} }

// Exit statuses shared by the commands.
const (
	exitFailed      = 1   // something was judged and failed
	exitUsage       = 2   // the command line or the cases are wrong
	exitInterrupted = 130 // Ctrl-C or SIGTERM, as a shell reports it
)

// errInterrupted ends a command that was interrupted.
var errInterrupted = exit(exitInterrupted, errors.New("interrupted"))

// errHelped ends a command whose usage -h asked for: successfully.
var errHelped = exit(0, nil)

// quiet is the error that ends a command with code, having said why.
func quiet(code int) error {
	if code == 0 {
		return nil
	}
	return exit(code, nil)
}

// status is the exit status err carries, after saying its message on
// stderr as "cleanexit CMD: message". A plain error is status 1.
func status(cmd string, err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	var e *exitError
	if !errors.As(err, &e) {
		e = &exitError{exitFailed, err}
	}
	var plain asIs
	if e.err != nil {
		switch {
		case e == errInterrupted:
			fmt.Fprintln(stderr, "cleanexit: interrupted")
		case errors.As(e.err, &plain):
			fmt.Fprintln(stderr, e.err)
		default:
			fmt.Fprintf(stderr, "%s: %v\n", strings.TrimSpace("cleanexit "+cmd), e.err)
		}
	}
	return e.code
}

// asIs marks a message printed without the "cleanexit CMD: " prefix: the
// file:line problems of a corpus that fails to load, each of which starts
// its line.
type asIs struct{ error }

// parseError is the error of a command line the flag package rejected and
// has explained already. -h asked for the usage: that is no failure.
func parseError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return exit(exitUsage, nil)
}
