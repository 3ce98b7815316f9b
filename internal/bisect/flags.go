package bisect

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// AddFlags registers the options as `cleanexit bisect` spells them, the
// spelling stepCommand repeats for the cleanexit git calls per commit.
func (o *Options) AddFlags(fs *flag.FlagSet) {
	fs.StringVar(&o.Package, "package", "", "the package whose releases or commits are searched (required)")
	fs.StringVar(&o.Good, "good", "", "a version or commit where the case exits cleanly (required)")
	fs.StringVar(&o.Bad, "bad", "", "a later version or commit where it crashes (required)")
	fs.StringVar(&o.Variant, "variant", "default", "the case's variant to run; it must expect a clean exit")
	fs.StringVar(&o.Python, "python", "", "the interpreter to run on: 3.12, 3.12.1 (needed when several match)")
	fs.BoolVar(&o.Pre, "pre", false, "versions: include pre-releases and development releases")
	fs.IntVar(&o.Repeat, "repeat", 1, "runs per step, for crashes that do not always happen")
	fs.StringVar(&o.Repo, "repo", "", "commits: the package's git repository, a URL or a local path")
	fs.StringVar(&o.Clone, "clone", "", "commits: bisect in this clone (default: one kept in the cache)")
	fs.BoolVar(&o.Write, "write", false, "add or update the case's regressed variant (and links) with the finding")
	fs.StringVar(&o.Link, "link", "", "with --write: the link to add (default for --repo https://…: the commit's page)")
}

// stepCommand is the cleanexit that `git bisect run` calls in clone: this
// same program, judging the commit it has reached (`bisect --git-step`)
// with the same session and target.
func stepCommand(t *Target, o Options, clone string) ([]string, error) {
	self, err := selfCommand()
	if err != nil {
		return nil, err
	}
	caseFile, err := filepath.Abs(t.run.Case.File)
	if err != nil {
		return nil, err
	}
	step := append([]string{self, "bisect", "--git-step"}, o.Session...)
	step = append(step, "--package", o.Package, "--variant", o.Variant, "--repeat", strconv.Itoa(o.Repeat),
		"--repo", repoSource(o.Repo), "--clone", clone, "--good", o.Good, "--bad", o.Bad)
	if o.Python != "" {
		step = append(step, "--python", o.Python)
	}
	return append(step, caseFile), nil
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
