package bisect

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// commits is a bisection over a package's git history.
type commits struct {
	Repo  string // URL or path as the user gave it
	Clone string // where git bisect runs: the user's clone, or one in the cache
	Good  string // revisions as the user gave them
	Bad   string

	// StepCommand is what `git bisect run` calls: a cleanexit that judges
	// the commit at BISECT_HEAD (judgeCommit), prints it as a stepLine, and
	// exits 0, 1 or 125.
	StepCommand []string
	// Output receives git's own chatter; nil discards it.
	Output io.Writer
}

// stepPrefix marks the step lines a step command prints among git's output.
const stepPrefix = "cleanexit-step: "

// stepLine is how a step command hands its step to the bisection that
// called it, through git's output: stepPrefix and the step as JSON.
func stepLine(s Step) string {
	data, _ := json.Marshal(s)
	return stepPrefix + string(data)
}

// cloneDir is where the cache keeps its clone of repo, in clones (the
// cache's folder of bisect clones, cache.Dir.BisectClones).
func cloneDir(clones, repo string) string {
	sum := sha256.Sum256([]byte(repoSource(repo)))
	return filepath.Join(clones, hex.EncodeToString(sum[:])[:16])
}

// repoSource is repo as git should clone it: an absolute path for a local
// folder, the URL otherwise.
func repoSource(repo string) string {
	if isURL(repo) {
		return repo
	}
	if abs, err := filepath.Abs(repo); err == nil {
		return abs
	}
	return repo
}

var scpLikeRE = lazyregexp.New(`^[A-Za-z0-9._-]+@[^:/]+:`)

func isURL(s string) bool {
	return strings.Contains(s, "://") || scpLikeRE.MatchString(s)
}

// localRepo is repo's folder when it is a local path, else "": a case that
// installs the package from that folder has it replaced at each step.
func localRepo(repo string) string {
	if isURL(repo) {
		if u, err := url.Parse(repo); err == nil && u.Scheme == "file" {
			return filepath.FromSlash(u.Path)
		}
		return ""
	}
	return repoSource(repo)
}

// ensureClone makes dir a clone of repo, or brings an existing clone up to
// date. A folder that is a repository already is used as it is when fetch
// is false (a clone the user named).
func ensureClone(ctx context.Context, repo, dir string, fetch bool) error {
	if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
		if !fetch {
			return nil
		}
		// The cache's clone follows the remote's branches: --bad main means
		// the remote's main of today.
		_, err := git(ctx, dir, "fetch", "--quiet", "--tags", "--force", "--update-head-ok", "origin", "+refs/heads/*:refs/heads/*")
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o777); err != nil {
		return err
	}
	_, err := git(ctx, "", "clone", "--quiet", "--no-checkout", repoSource(repo), dir)
	return err
}

// resolveCommit names rev's full SHA in the clone; a branch the clone only
// knows as origin/NAME is found too.
func resolveCommit(ctx context.Context, clone, rev string) (string, error) {
	out, err := git(ctx, clone, "rev-parse", "--verify", "--quiet", rev+"^{commit}")
	if err != nil {
		out, err = git(ctx, clone, "rev-parse", "--verify", "--quiet", "origin/"+rev+"^{commit}")
	}
	if err != nil {
		return "", fmt.Errorf("%q is not a commit of %s", rev, clone)
	}
	return strings.TrimSpace(out), nil
}

// subject is a commit's subject line, "" when it cannot be read.
func subject(ctx context.Context, clone, sha string) string {
	out, err := git(ctx, clone, "log", "-1", "--format=%s", sha)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(out)
}

// commitRequirement installs pkg from clone at sha. pip refuses the PEP 508
// spelling `pkg @ git+file:///clone@sha` (a URL with no host) and accepts
// this one; the SHA in it makes each commit its own cached environment.
func commitRequirement(clone, sha, pkg string) string {
	u := url.URL{Scheme: "git+file", Path: filepath.ToSlash(clone)}
	return u.String() + "@" + sha + "#egg=" + pkg
}

// judgeCommit judges the commit a bisection in clone has reached
// (BISECT_HEAD, else HEAD): the step a StepCommand makes.
func judgeCommit(ctx context.Context, t *Target, repo, clone string) (Step, error) {
	sha, err := resolveCommit(ctx, clone, "BISECT_HEAD")
	if err != nil {
		if sha, err = resolveCommit(ctx, clone, "HEAD"); err != nil {
			return Step{}, err
		}
	}
	return judgeSHA(ctx, t, repo, clone, sha), nil
}

func judgeSHA(ctx context.Context, t *Target, repo, clone, sha string) Step {
	s := t.judge(ctx, sha, commitRequirement(clone, sha, t.pkg), localRepo(repo))
	s.Subject = subject(ctx, clone, sha)
	return s
}

var (
	firstBadRE  = lazyregexp.New(`(?m)^([0-9a-f]{40}) is the first bad commit`)
	candidateRE = lazyregexp.New(`^([0-9a-f]{40})\b`)
)

// overCommits judges both ends in this process, then drives `git bisect
// run` in the clone, which calls c.StepCommand once per commit. The clone's
// working tree is left alone (--no-checkout): steps install from the
// repository at BISECT_HEAD, and a user's own clone keeps its checkout.
func overCommits(ctx context.Context, t *Target, c commits, report func(Step)) (Finding, error) {
	var f Finding
	if _, err := os.Stat(filepath.Join(c.Clone, ".git", "BISECT_START")); err == nil {
		return f, fmt.Errorf("a bisection is already in progress in %s (finish it with `git bisect reset` there)", c.Clone)
	}
	good, err := resolveCommit(ctx, c.Clone, c.Good)
	if err != nil {
		return f, fmt.Errorf("--good: %v", err)
	}
	bad, err := resolveCommit(ctx, c.Clone, c.Bad)
	if err != nil {
		return f, fmt.Errorf("--bad: %v", err)
	}
	if _, err := git(ctx, c.Clone, "merge-base", "--is-ancestor", good, bad); err != nil {
		return f, fmt.Errorf("--good %s is not an ancestor of --bad %s: bisect needs the good commit before the bad one", shortRev(good), shortRev(bad))
	}
	step := func(sha string) Step {
		s := judgeSHA(ctx, t, c.Repo, c.Clone, sha)
		f.steps = append(f.steps, s)
		if report != nil {
			report(s)
		}
		return s
	}
	if s := step(good); s.Verdict != Good {
		return f, &endError{End: "good", Rev: shortRev(good), Step: s}
	}
	if s := step(bad); s.Verdict != Bad {
		return f, &endError{End: "bad", Rev: shortRev(bad), Step: s}
	}

	if _, err := git(ctx, c.Clone, "bisect", "start", "--no-checkout", bad, good); err != nil {
		return f, err
	}
	defer git(context.WithoutCancel(ctx), c.Clone, "bisect", "reset")
	chatter := &stepLines{rest: c.Output, step: func(s Step) {
		f.steps = append(f.steps, s)
		if report != nil {
			report(s)
		}
	}}
	cmd := exec.CommandContext(ctx, "git", append([]string{"bisect", "run"}, c.StepCommand...)...)
	cmd.Dir = c.Clone
	cmd.Stdout, cmd.Stderr = chatter, chatter
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0")
	runErr := cmd.Run()
	chatter.flush()
	out := chatter.all.String()
	if m := firstBadRE.FindStringSubmatch(out); m != nil {
		f.firstBad, f.candidates = m[1], []string{m[1]}
	} else if i := strings.Index(out, "The first bad commit could be any of:"); i >= 0 {
		for _, line := range strings.Split(out[i:], "\n")[1:] {
			m := candidateRE.FindStringSubmatch(strings.TrimSpace(line))
			if m == nil {
				break
			}
			f.candidates = append(f.candidates, m[1])
		}
		if len(f.candidates) > 0 {
			f.firstBad = f.candidates[len(f.candidates)-1]
		}
	}
	if f.firstBad == "" {
		if ctx.Err() != nil {
			return f, ctx.Err()
		}
		return f, fmt.Errorf("git bisect run did not name a first bad commit (%v):\n%s", runErr, tailLines(out, 15))
	}
	f.subject = subject(ctx, c.Clone, f.firstBad)
	if parent, err := resolveCommit(ctx, c.Clone, f.firstBad+"^"); err == nil && f.decisive() {
		f.lastGood = parent
	}
	for _, s := range f.steps {
		if s.Verdict == Skip {
			f.skipped = append(f.skipped, s.Rev)
		}
	}
	return f, nil
}

// stepLines splits `git bisect run`'s output: the step commands' lines go
// to step as they come, the rest is kept for errors and passed on.
type stepLines struct {
	step func(Step)
	rest io.Writer
	all  bytes.Buffer
	buf  []byte
}

func (w *stepLines) Write(p []byte) (int, error) {
	w.buf = append(w.buf, p...)
	for {
		i := bytes.IndexByte(w.buf, '\n')
		if i < 0 {
			break
		}
		w.line(string(w.buf[:i]))
		w.buf = w.buf[i+1:]
	}
	return len(p), nil
}

func (w *stepLines) flush() {
	if len(w.buf) > 0 {
		w.line(string(w.buf))
		w.buf = nil
	}
}

func (w *stepLines) line(l string) {
	if rest, ok := strings.CutPrefix(l, stepPrefix); ok {
		var s Step
		if json.Unmarshal([]byte(rest), &s) == nil {
			w.step(s)
		}
		return
	}
	w.all.WriteString(l + "\n")
	if w.rest != nil {
		fmt.Fprintln(w.rest, l)
	}
}

func tailLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// git runs one git command and returns its standard output; an error
// carries git's own message.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return stdout.String(), fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return stdout.String(), nil
}
