package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/cleanexit/cleanexit/runner"
	"github.com/cleanexit/cleanexit/runner/bisect"
	"github.com/cleanexit/cleanexit/runner/cases"
)

const bisectSynopsis = `CASE --package NAME --good V1 --bad V2 [flags]
       cleanexit bisect CASE --package NAME --repo URL_OR_PATH --good REV --bad REV [flags]

Finds the release (versions mode) or the commit (--repo) of NAME that broke
CASE's clean exit. Each step runs the case with NAME moved; good: the clean
variant passes; bad: it fails as the case's known-bad variant declares (any
crash when it has none); skip: the environment cannot be made.`

// bisectOptions are bisect's own flags.
type bisectOptions struct {
	pkg, good, bad   string
	variant, python  string
	repo, clone      string
	link, jsonFile   string
	repeat           int
	pre, write, step bool
	verbose          bool
}

func (o *bisectOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&o.pkg, "package", "", "the package whose releases or commits are searched (required)")
	fs.StringVar(&o.good, "good", "", "a version or commit where the case exits cleanly (required)")
	fs.StringVar(&o.bad, "bad", "", "a later version or commit where it crashes (required)")
	fs.StringVar(&o.variant, "variant", "default", "the case's variant to run; it must expect a clean exit")
	fs.StringVar(&o.python, "python", "", "the interpreter to run on: 3.12, 3.12.1 (needed when several match)")
	fs.BoolVar(&o.pre, "pre", false, "versions: include pre-releases and development releases")
	fs.IntVar(&o.repeat, "repeat", 1, "runs per step, for crashes that do not always happen")
	fs.StringVar(&o.repo, "repo", "", "commits: the package's git repository, a URL or a local path")
	fs.StringVar(&o.clone, "clone", "", "commits: bisect in this clone (default: one kept in the cache)")
	fs.BoolVar(&o.write, "write", false, "add or update the case's regressed variant (and links) with the finding")
	fs.StringVar(&o.link, "link", "", "with --write: the link to add (default for --repo https://…: the commit's page)")
	fs.StringVar(&o.jsonFile, "json", "", "write the step log and finding as JSON to this file (- for stdout)")
	fs.BoolVar(&o.verbose, "v", false, "show git's own output")
	fs.BoolVar(&o.step, "git-step", false, internalFlag+" judge the commit git bisect run has reached")
}

func cmdBisect(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bisect", bisectSynopsis, stderr)
	var sf sessionFlags
	sf.register(fs)
	var o bisectOptions
	o.register(fs)
	// Flags may follow the case, as in the synopsis.
	positional, err := parseInterspersed(fs, args)
	if err != nil {
		return status("bisect", parseError(err), stderr)
	}
	if o.step {
		return bisectGitStep(&sf, o, positional, stdout, stderr)
	}
	if msg := o.check(len(positional)); msg != "" {
		fmt.Fprintf(stderr, "cleanexit bisect: %s\n", msg)
		fs.Usage()
		return exitUsage
	}
	return status("bisect", bisectCase(&sf, o, positional, stdout, stderr), stderr)
}

// bisectCase searches the versions or commits, prints the finding, and
// writes it to the case and the JSON log when asked to.
func bisectCase(sf *sessionFlags, o bisectOptions, args []string, stdout, stderr io.Writer) error {
	cfg, err := sf.config(args)
	if err != nil {
		return exit(exitUsage, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, t, err := openTarget(ctx, cfg, o)
	if err != nil {
		return exit(exitUsage, err)
	}
	defer s.Close()
	report := func(st bisect.Step) { st.WriteLine(stdout) }
	var f bisect.Finding
	if o.repo == "" {
		f, err = bisectVersions(ctx, t, o, stdout, report)
	} else {
		f, err = bisectCommits(ctx, s, t, *sf, o, stdout, stderr, report)
	}
	if err == nil {
		f.WriteSummary(stdout)
		if o.write {
			if err = writeFinding(ctx, t, o, f); err == nil {
				fmt.Fprintf(stdout, "wrote the regressed variant to %s\n", t.Run.Case.File)
			}
		}
	}
	if o.jsonFile != "" {
		log := bisect.Log{Case: t.Run.Case.ID(), Run: t.Run.ID, Package: o.pkg, Repo: o.repo, Good: o.good, Bad: o.bad, Steps: f.Steps}
		if err == nil {
			log.FirstBad, log.Subject, log.LastGood, log.Candidates, log.Skipped = f.FirstBad, f.Subject, f.LastGood, f.Candidates, f.Skipped
		} else {
			log.Error = err.Error()
		}
		if jerr := log.WriteJSON(o.jsonFile, stdout); jerr != nil {
			fmt.Fprintf(stderr, "cleanexit bisect: --json: %v\n", jerr)
		}
	}
	if err != nil && ctx.Err() != nil {
		return exit(exitInterrupted, err)
	}
	return err
}

// check says what is wrong with the flags, or "".
func (o bisectOptions) check(nargs int) string {
	switch {
	case nargs != 1:
		return fmt.Sprintf("want exactly one case (a .txtar file or project/name), got %d", nargs)
	case o.pkg == "":
		return "--package is required"
	case o.good == "" || o.bad == "":
		return "--good and --bad are both required"
	case o.repeat < 1:
		return "--repeat: want 1 or more"
	case o.clone != "" && o.repo == "":
		return "--clone goes with --repo"
	case o.pre && o.repo != "":
		return "--pre is for versions; with --repo every commit is searched"
	}
	return ""
}

func openTarget(ctx context.Context, cfg runner.Config, o bisectOptions) (*runner.Session, *bisect.Target, error) {
	s, err := runner.Open(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	t, err := bisect.NewTarget(s, s.Cases, s.Runs, bisect.TargetOptions{Variant: o.variant, Python: o.python, Package: o.pkg, Repeat: o.repeat})
	if err != nil {
		return nil, nil, err
	}
	return s, t, nil
}

func bisectVersions(ctx context.Context, t *bisect.Target, o bisectOptions, stdout io.Writer, report func(bisect.Step)) (bisect.Finding, error) {
	listed, warnings, err := bisect.ListVersions(ctx, t.Run.Index, o.pkg)
	if err != nil {
		return bisect.Finding{}, err
	}
	for _, w := range warnings {
		fmt.Fprintf(stdout, "warning: %s\n", w)
	}
	revs, err := bisect.Between(listed, o.good, o.bad, o.pre)
	if err != nil {
		return bisect.Finding{}, err
	}
	fmt.Fprintf(stdout, "bisecting %d versions of %s (%s … %s) on %s\n", len(revs), o.pkg, revs[0], revs[len(revs)-1], t.Run.ID)
	return bisect.OverVersions(ctx, t, revs, report)
}

func bisectCommits(ctx context.Context, s *runner.Session, t *bisect.Target, sf sessionFlags, o bisectOptions, stdout, stderr io.Writer, report func(bisect.Step)) (bisect.Finding, error) {
	clone, fetch := o.clone, false
	if clone == "" {
		clone, fetch = bisect.CloneDir(s.CacheDir.BisectClones(), o.repo), true
	}
	clone, err := filepath.Abs(clone)
	if err != nil {
		return bisect.Finding{}, err
	}
	if err := bisect.EnsureClone(ctx, o.repo, clone, fetch); err != nil {
		return bisect.Finding{}, err
	}
	self, err := selfCommand()
	if err != nil {
		return bisect.Finding{}, err
	}
	caseFile, err := filepath.Abs(t.Run.Case.File)
	if err != nil {
		return bisect.Finding{}, err
	}
	step := append([]string{self, "bisect", "--git-step"}, sf.forward()...)
	step = append(step, "--package", o.pkg, "--variant", o.variant, "--repeat", strconv.Itoa(o.repeat),
		"--repo", bisect.RepoSource(o.repo), "--clone", clone, "--good", o.good, "--bad", o.bad)
	if o.python != "" {
		step = append(step, "--python", o.python)
	}
	step = append(step, caseFile)
	var chatter io.Writer
	if o.verbose {
		chatter = stderr
	}
	fmt.Fprintf(stdout, "bisecting commits of %s (%s … %s) in %s on %s\n", o.pkg, o.good, o.bad, clone, t.Run.ID)
	return bisect.OverCommits(ctx, t, bisect.Commits{
		Repo: o.repo, Clone: clone, Good: o.good, Bad: o.bad, StepCommand: step, Output: chatter,
	}, report)
}

// bisectGitStep is what `git bisect run` calls: judge the commit the
// bisection has reached, print it for the bisect that called us, and exit
// as git expects. Anything that prevents a judgement aborts the bisection.
func bisectGitStep(sf *sessionFlags, o bisectOptions, args []string, stdout, stderr io.Writer) int {
	cfg, err := sf.config(args)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit bisect --git-step: %v\n", err)
		return bisect.ExitAbort
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, t, err := openTarget(ctx, cfg, o)
	if err != nil {
		fmt.Fprintf(stderr, "cleanexit bisect --git-step: %v\n", err)
		return bisect.ExitAbort
	}
	defer s.Close()
	st, err := bisect.JudgeCommit(ctx, t, o.repo, o.clone)
	if err != nil || ctx.Err() != nil {
		fmt.Fprintf(stderr, "cleanexit bisect --git-step: %v\n", errors.Join(err, ctx.Err()))
		return bisect.ExitAbort
	}
	fmt.Fprintln(stdout, bisect.StepLine(st))
	return st.Verdict.ExitCode()
}

// forward spells the session flags again for a child cleanexit that runs
// in another directory: local paths made absolute.
func (f *sessionFlags) forward() []string {
	args := []string{"--installer", f.Installer}
	if corpus, err := filepath.Abs(f.Corpus); err == nil {
		args = append(args, "--corpus", corpus)
	}
	findLinks := f.FindLinks
	if wd, err := os.Getwd(); err == nil {
		findLinks = cases.ResolveFindLinks(findLinks, wd)
	}
	for _, fl := range findLinks {
		args = append(args, "--find-links", fl)
	}
	if f.IndexURL != "" {
		args = append(args, "--index-url", f.IndexURL)
	}
	for _, e := range f.ExtraIndex {
		args = append(args, "--extra-index-url", e)
	}
	if f.NoIndex {
		args = append(args, "--no-index")
	}
	if f.Checks != "" {
		args = append(args, "--checks", f.Checks)
	}
	return args
}

// selfCommand is how a child process can run this same cleanexit: the
// name it was started by, looked up on PATH when it has no directory.
func selfCommand() (string, error) {
	arg0 := os.Args[0]
	if !strings.ContainsRune(arg0, os.PathSeparator) {
		if p, err := exec.LookPath(arg0); err == nil {
			return filepath.Abs(p)
		}
	} else if p, err := filepath.Abs(arg0); err == nil {
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return os.Executable()
}

// writeFinding turns a decisive finding into the case's regressed variant.
func writeFinding(ctx context.Context, t *bisect.Target, o bisectOptions, f bisect.Finding) error {
	if !f.Decisive() {
		return fmt.Errorf("--write: the search was not decisive (skipped steps); nothing written")
	}
	var firstBad bisect.Step
	for _, st := range f.Steps {
		if st.Rev == f.FirstBad && st.Verdict == bisect.Bad {
			firstBad = st
		}
	}
	reg := bisect.Regression{Exit: t.RegressedExit(firstBad), Link: o.link}
	if o.repo == "" {
		reg.Packages = t.RegressedPackages(t.VersionPin(f.FirstBad), "")
	} else {
		remote := webRemote(ctx, o.repo)
		if remote == "" {
			return fmt.Errorf("--write: a case cannot pin a commit of a local repository; rerun with --repo set to its https URL (or add the variant by hand)")
		}
		reg.Packages = t.RegressedPackages(o.pkg+" @ git+"+remote+"@"+f.FirstBad, bisect.LocalRepo(o.repo))
		if reg.Link == "" {
			reg.Link = strings.TrimSuffix(remote, ".git") + "/commit/" + f.FirstBad
		}
	}
	return bisect.WriteRegression(t.Run.Case.File, t.Run.Case.Project, reg)
}

// webRemote is repo's https URL: repo itself, or a local clone's origin.
func webRemote(ctx context.Context, repo string) string {
	candidate := repo
	if bisect.LocalRepo(repo) != "" {
		out, err := exec.CommandContext(ctx, "git", "-C", bisect.LocalRepo(repo), "config", "--get", "remote.origin.url").Output()
		if err != nil {
			return ""
		}
		candidate = strings.TrimSpace(string(out))
	}
	u, err := url.Parse(strings.TrimPrefix(candidate, "git+"))
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return ""
	}
	return strings.TrimPrefix(candidate, "git+")
}
