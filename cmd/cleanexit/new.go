package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/cleanexit/cleanexit/runner/authoring"
)

// draftFlags are the case.yaml keys `new` and `import` take from flags.
type draftFlags struct {
	corpus   string
	summary  string
	python   listFlag
	packages listFlag
	links    listFlag
}

func (f *draftFlags) register(fs *flag.FlagSet) {
	corpusFlag(fs, &f.corpus, "corpus root the case is written under")
	fs.StringVar(&f.summary, "summary", "", "one line: what broke (default: a placeholder check asks you to replace)")
	fs.Var(&f.python, "python", "an interpreter the case runs on: 3.13, 3.13t or a specifier such as \">=3.10\"; repeatable")
	fs.Var(&f.packages, "package", "a PEP 508 requirement, e.g. mlx==0.32.2; repeatable")
	fs.Var(&f.links, "link", "the upstream issue, pull request or commit URL; repeatable")
}

func (f *draftFlags) apply(d *authoring.Draft) {
	d.Summary = f.summary
	d.Python, d.Packages, d.Links = f.python, f.packages, f.links
}

// writeAndCheck writes a drafted case and runs check on it, so that the
// author's next step is what check says.
func (f *draftFlags) writeAndCheck(file string, d *authoring.Draft, stdout, stderr io.Writer) error {
	if err := authoring.WriteNew(file, d); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", file)
	if code := status("check", cmdCheck([]string{"--corpus", f.corpus, file}, stdout, stderr), stderr); code != 0 {
		fmt.Fprintf(stderr, "fill in what check reports above, then run: cleanexit check %s\n", file)
		return exit(code, nil)
	}
	return nil
}

func cmdNew(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("new", "[flags] PROJECT/NAME", stderr)
	var df draftFlags
	df.register(fs)
	from := fs.String("from", "", "the repro: the .py file that ends badly at exit (default: a stub to replace)")
	var requires, sources listFlag
	fs.Var(&requires, "requires", "a feature expression the host must satisfy, e.g. \"darwin && arm64\"; repeatable")
	fs.Var(&sources, "source", "a C or C++ file of the extension the repro imports, built by build-ext; repeatable")
	with := fs.String("with", "", "the binding library the sources use: nanobind or pybind11 (pinned in packages)")
	fixFlag := fs.String("fix-flag", "", "the macro that turns the fix on, e.g. FIX: the default variant builds with -DFIX, a buggy variant without it must crash")
	pos, err := parse(fs, args, 1)
	if err != nil {
		return err
	}
	file, err := authoring.CasePath(df.corpus, pos[0])
	if err != nil {
		return exit(exitUsage, err)
	}
	var repro []byte
	if *from != "" {
		if repro, err = os.ReadFile(*from); err != nil {
			return exit(exitUsage, fmt.Errorf("--from: %v", err))
		}
	}
	d, err := authoring.NewDraft(*from, repro)
	if err != nil {
		return exit(exitUsage, err)
	}
	df.apply(d)
	d.Requires = requires
	ext := authoring.Extension{With: *with, FixFlag: *fixFlag}
	if ext.Sources, err = authoring.ReadSources(sources); err != nil {
		return exit(exitUsage, fmt.Errorf("--source: %v", err))
	}
	if err := d.AddExtension(ext); err != nil {
		return exit(exitUsage, err)
	}
	return df.writeAndCheck(file, d, stdout, stderr)
}

func cmdImport(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("import", "[flags] FILE.py PROJECT[/NAME]", stderr)
	var df draftFlags
	df.register(fs)
	pos, err := parse(fs, args, 2)
	if err != nil {
		return err
	}
	file, err := authoring.ImportPath(df.corpus, pos[0], pos[1])
	if err != nil {
		return exit(exitUsage, err)
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return exit(exitUsage, err)
	}
	d, err := authoring.ImportLit(pos[0], data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return fmt.Errorf("%s was not imported", pos[0])
	}
	df.apply(d)
	return df.writeAndCheck(file, d, stdout, stderr)
}
