package bisect

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Options are a whole bisection as `cleanexit bisect` is asked for one: the
// target's choices, the two ends, and what to do with the finding. Repo
// empty means versions from the index; set, commits of that repository.
type Options struct {
	TargetOptions
	Good, Bad string // versions or commits, as the user wrote them
	Pre       bool   // versions: include pre-releases and development releases

	Repo   string // commits: the package's repository, a URL or a local path
	Clone  string // commits: bisect in this clone; "" uses one in Clones
	Clones string // the cache's folder of clones (cache.Dir.BisectClones)

	// Session spells the session's flags for the cleanexit that `git
	// bisect run` calls once per commit, which runs in the clone: local
	// paths absolute (runner.Settings.Forward).
	Session []string
	// Git receives git's own output; nil discards it.
	Git io.Writer

	Write bool   // make the finding the case's regressed variant
	Link  string // with Write: the link to add; "" means the commit's page for an https Repo
}

// Check says what is wrong with the options, naming the flag to change.
func (o Options) Check() error {
	switch {
	case o.Package == "":
		return errors.New("--package is required")
	case o.Good == "" || o.Bad == "":
		return errors.New("--good and --bad are both required")
	case o.Repeat < 1:
		return errors.New("--repeat: want 1 or more")
	case o.Clone != "" && o.Repo == "":
		return errors.New("--clone goes with --repo")
	case o.Pre && o.Repo != "":
		return errors.New("--pre is for versions; with --repo every commit is searched")
	}
	return nil
}

// Run searches the versions or the commits between the two ends, printing
// each step and the finding to log, and writes the finding to the case
// when o.Write asks for it. An interrupted search returns ctx's error with
// the steps made so far.
func Run(ctx context.Context, t *Target, o Options, log io.Writer) (Finding, error) {
	var f Finding
	var err error
	report := func(st Step) { st.writeLine(log) }
	if o.Repo == "" {
		f, err = runVersions(ctx, t, o, log, report)
	} else {
		f, err = runCommits(ctx, t, o, log, report)
	}
	if err != nil {
		return f, err
	}
	f.writeSummary(log)
	if o.Write {
		if err := writeFinding(ctx, t, o, f); err != nil {
			return f, err
		}
		fmt.Fprintf(log, "wrote the regressed variant to %s\n", t.run.Case.File)
	}
	return f, nil
}

func runVersions(ctx context.Context, t *Target, o Options, log io.Writer, report func(Step)) (Finding, error) {
	var python string
	if t.run.Interp != nil {
		python = t.run.Interp.Path
	}
	listed, warnings, err := listVersions(ctx, python, os.Getenv, t.run.Index, o.Package)
	if err != nil {
		return Finding{}, err
	}
	for _, w := range warnings {
		fmt.Fprintf(log, "warning: %s\n", w)
	}
	revs, fixed, err := between(listed, o.Good, o.Bad, o.Pre)
	if err != nil {
		return Finding{}, err
	}
	if fixed && o.Write {
		return Finding{}, errors.New("--write records the first bad release; a search for the first fixed one (--good newer than --bad) has none to write")
	}
	what := "versions"
	if fixed {
		what = "versions, newest first, for the first fixed one"
	}
	fmt.Fprintf(log, "bisecting %d %s of %s (%s … %s) on %s\n", len(revs), what, o.Package, revs[0], revs[len(revs)-1], t.run.ID)
	f, err := overVersions(ctx, t, revs, report)
	f.fixed = fixed
	return f, err
}

func runCommits(ctx context.Context, t *Target, o Options, log io.Writer, report func(Step)) (Finding, error) {
	clone, fetch := o.Clone, false
	if clone == "" {
		clone, fetch = cloneDir(o.Clones, o.Repo), true
	}
	clone, err := filepath.Abs(clone)
	if err != nil {
		return Finding{}, err
	}
	if err := ensureClone(ctx, o.Repo, clone, fetch); err != nil {
		return Finding{}, err
	}
	step, err := stepCommand(t, o, clone)
	if err != nil {
		return Finding{}, err
	}
	fmt.Fprintf(log, "bisecting commits of %s (%s … %s) in %s on %s\n", o.Package, o.Good, o.Bad, clone, t.run.ID)
	return overCommits(ctx, t, commits{
		Repo: o.Repo, Clone: clone, Good: o.Good, Bad: o.Bad, StepCommand: step, Output: o.Git,
	}, report)
}

// writeFinding turns a decisive finding into the case's regressed variant.
func writeFinding(ctx context.Context, t *Target, o Options, f Finding) error {
	if !f.decisive() {
		return fmt.Errorf("--write: the search was not decisive (skipped steps); nothing written")
	}
	var firstBad Step
	for _, st := range f.steps {
		if st.Rev == f.firstBad && st.Verdict == Bad {
			firstBad = st
		}
	}
	reg := regression{Exit: t.regressedExit(firstBad), Link: o.Link}
	if o.Repo == "" {
		reg.Packages = t.regressedPackages(t.versionPin(f.firstBad), "")
	} else {
		remote := webRemote(ctx, o.Repo)
		if remote == "" {
			return fmt.Errorf("--write: a case cannot pin a commit of a local repository; rerun with --repo set to its https URL (or add the variant by hand)")
		}
		reg.Packages = t.regressedPackages(o.Package+" @ git+"+remote+"@"+f.firstBad, localRepo(o.Repo))
		if reg.Link == "" {
			reg.Link = strings.TrimSuffix(remote, ".git") + "/commit/" + f.firstBad
		}
	}
	return writeRegression(t.run.Case.File, t.run.Case.Project, reg)
}

// webRemote is repo's https URL: repo itself, or a local clone's origin.
func webRemote(ctx context.Context, repo string) string {
	candidate := repo
	if localRepo(repo) != "" {
		out, err := exec.CommandContext(ctx, "git", "-C", localRepo(repo), "config", "--get", "remote.origin.url").Output()
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

// NewLog is the bisection as --json writes it: the steps made, and the
// finding or the error that ended the search.
func NewLog(t *Target, o Options, f Finding, err error) Log {
	l := Log{Case: t.run.Case.ID(), Run: t.run.ID, Package: o.Package, Repo: o.Repo, Good: o.Good, Bad: o.Bad, Steps: f.steps}
	if err != nil {
		l.Error = err.Error()
		return l
	}
	l.FirstBad, l.Subject, l.LastGood, l.Candidates, l.Skipped = f.firstBad, f.subject, f.lastGood, f.candidates, f.skipped
	if f.fixed {
		// Searched newest first: the last good step is the oldest good
		// release, the first fixed; the first bad step the newest bad one.
		l.FirstBad, l.LastGood, l.FirstFixed, l.LastBad = "", "", f.lastGood, f.firstBad
	}
	return l
}
