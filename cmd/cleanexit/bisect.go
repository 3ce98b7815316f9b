package main

import (
	"context"
	"fmt"
	"io"

	"github.com/cleanexit/cleanexit/internal/bisect"
	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner"
)

const bisectSynopsis = `CASE --package NAME --good V1 --bad V2 [flags]
       cleanexit bisect CASE --package NAME --repo URL_OR_PATH --good REV --bad REV [flags]

Finds the release (versions mode) or the commit (--repo) of NAME that broke
CASE's clean exit. Each step runs the case with NAME moved; good: the clean
variant passes; bad: it fails as the case's known-bad variant declares (any
crash when it has none); skip: the environment cannot be made.`

func cmdBisect(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("bisect", bisectSynopsis, stderr)
	var sf sessionFlags
	sf.register(fs)
	var o bisect.Options
	o.AddFlags(fs)
	jsonFile := fs.String("json", "", "write the step log and finding as JSON to this file (- for stdout)")
	verbose := fs.Bool("v", false, "show git's own output")
	gitStep := fs.Bool("git-step", false, cmdflag.Internal+" judge the commit git bisect run has reached")
	// Flags may follow the case, as in the synopsis.
	positional, err := command.Parse(fs, args, -1)
	switch {
	case err != nil:
		return err
	case *gitStep:
		return bisectGitStep(&sf, o, positional, stdout, stderr)
	case len(positional) != 1:
		err = fmt.Errorf("want exactly one case (a .txtar file or project/name), got %d", len(positional))
	default:
		probe := o
		if fromMatrix(o) { // the case's version matrix gives the ends
			probe.Good, probe.Bad = "-", "-"
		}
		err = probe.Check()
	}
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit bisect: %v\n", err)
		fs.Usage()
		return command.Exit(command.UsageError, nil)
	}
	if *verbose {
		o.Git = stderr
	}
	o.Session = sf.Forward()
	return sf.inSession("bisect", positional, stderr, func(ctx context.Context, s *runner.Session) error {
		if fromMatrix(o) {
			var err error
			if o.Good, o.Bad, err = bisect.MatrixEnds(s.Cases, o.Package); err != nil {
				return command.Exit(command.UsageError, err)
			}
			fmt.Fprintf(stdout, "the version matrix gives the ends: --good %s --bad %s\n", o.Good, o.Bad)
		}
		t, err := bisect.NewTarget(s, s.Cases, s.Runs, o.TargetOptions)
		if err != nil {
			return command.Exit(command.UsageError, err)
		}
		o.Clones = s.CacheDir.BisectClones()
		f, err := bisect.Run(ctx, t, o, stdout)
		if *jsonFile != "" {
			if jerr := bisect.NewLog(t, o, f, err).WriteJSON(*jsonFile, stdout); jerr != nil {
				fmt.Fprintf(stderr, "cleanexit bisect: --json: %v\n", jerr)
			}
		}
		if err != nil && ctx.Err() != nil {
			return command.Interruption(ctx, command.Exit(command.Interrupted, err))
		}
		return err
	})
}

// bisectGitStep is what `git bisect run` calls: judge the commit the
// bisection has reached, print it for the bisect that called us, and exit
// as git expects. Anything that prevents a judgement aborts the bisection.
func bisectGitStep(sf *sessionFlags, o bisect.Options, args []string, stdout, stderr io.Writer) error {
	code := bisect.ExitAbort
	err := sf.inSession("bisect", args, stderr, func(ctx context.Context, s *runner.Session) error {
		t, err := bisect.NewTarget(s, s.Cases, s.Runs, o.TargetOptions)
		if err == nil {
			code, err = bisect.GitStep(ctx, t, o, stdout)
		}
		return err
	})
	if err != nil {
		return command.Exit(bisect.ExitAbort, fmt.Errorf("--git-step: %w", err))
	}
	return command.Quiet(code)
}

// fromMatrix says whether a bisection over releases takes its ends from
// the case's version matrix: neither --good nor --bad is given.
func fromMatrix(o bisect.Options) bool { return o.Repo == "" && o.Good == "" && o.Bad == "" }
