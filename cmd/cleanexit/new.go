package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/cleanexit/cleanexit/internal/authoring"
	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/internal/guard"
)

// keyFlags registers the flags of the case.yaml keys `new` and `import`
// take, and --corpus, the root the case is written under.
func keyFlags(fs *flag.FlagSet, corpus *string, k *authoring.Keys) {
	corpusFlag(fs, corpus, "corpus root the case is written under")
	fs.StringVar(&k.Summary, "summary", "", "one line: what broke (default: a placeholder check asks you to replace)")
	fs.Var((*cmdflag.List)(&k.Python), "python", "an interpreter the case runs on: 3.13, 3.13t or a specifier such as \">=3.10\"; repeatable")
	fs.Var((*cmdflag.List)(&k.Packages), "package", "a PEP 508 requirement, e.g. mlx==0.32.2; repeatable")
	fs.Var((*cmdflag.List)(&k.Links), "link", "the upstream issue, pull request or commit URL; repeatable")
	fs.Func("module-alias", "NAME=MODULE: the test imports NAME, which the package under test installs as MODULE (e.g. mlir=iree.compiler); repeatable", func(v string) error {
		name, module, ok := strings.Cut(v, "=")
		if !ok || name == "" || module == "" {
			return fmt.Errorf("want NAME=MODULE, e.g. mlir=iree.compiler")
		}
		if k.ModuleAlias == nil {
			k.ModuleAlias = map[string]string{}
		}
		k.ModuleAlias[name] = module
		return nil
	})
}

func cmdNew(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("new", "[flags] PROJECT/NAME", stderr)
	var corpus string
	var r authoring.NewRequest
	keyFlags(fs, &corpus, &r.Keys)
	fs.Var((*cmdflag.List)(&r.From), "from", "the repro: a .py file that ends badly at exit, run in the order given; repeatable (default: a stub to replace)")
	fs.Var((*cmdflag.List)(&r.Requires), "requires", "a feature expression the host must satisfy, e.g. \"darwin && arm64\"; repeatable")
	fs.Var((*cmdflag.List)(&r.Sources), "source", "a C or C++ file of the extension the repro imports, built by build-ext; repeatable")
	fs.StringVar(&r.With, "with", "", "the binding library the sources use: nanobind or pybind11 (pinned in packages)")
	fs.StringVar(&r.Exit, "exit", "", "how the known-bad form ends: crash (the default with --fix-flag), a signal, an exit code, or timeout (a hang)")
	fromExec := fs.String("from-exec", "", "draft from `FILE`, what 'cleanexit exec --record FILE -- python repro.py' recorded: the repro it ran, and the end it had as the case's exit")
	fs.StringVar(&r.FixFlag, "fix-flag", "", "the macro that turns the fix on, e.g. FIX: the default variant builds with -DFIX, a buggy variant without it must crash")
	pos, err := command.Parse(fs, args, 1)
	if err != nil {
		return err
	}
	if *fromExec != "" {
		if err := draftFromExec(&r, *fromExec); err != nil {
			return command.Exit(command.UsageError, fmt.Errorf("--from-exec: %v", err))
		}
	}
	file, err := authoring.CasePath(corpus, pos[0])
	if err != nil {
		return command.Exit(command.UsageError, err)
	}
	d, err := r.Draft()
	if err != nil {
		return command.Exit(command.UsageError, err)
	}
	return writeAndCheck(file, d, corpus, stdout, stderr)
}

func cmdImport(args []string, stdout, stderr io.Writer) error {
	fs := cmdflag.New("import", "[flags] FILE.py PROJECT[/NAME] | DIR PROJECT", stderr)
	var corpus string
	var k authoring.Keys
	keyFlags(fs, &corpus, &k)
	var substs, features []string
	fs.Var((*cmdflag.List)(&k.Files), "file", "NAME=PATH: a support file the RUN lines name, kept in the case as NAME (e.g. test/python/mypy.ini=mlir/test/python/mypy.ini with --lit-subst '%mlir_src_root=.'); repeatable")
	fs.Var((*cmdflag.List)(&substs), "lit-subst", "a substitution of the suite's lit config, '%NAME=TEXT' (e.g. '%PYTHON%=%PYTHON'), applied before lit's own; repeatable")
	fs.Var((*cmdflag.List)(&features), "lit-feature", "what a feature of the suite's lit config means here, 'NAME=EXPR' with a cleanexit feature expression, true or false; repeatable")
	pos, err := command.Parse(fs, args, 2)
	if err != nil {
		return err
	}
	var opt authoring.LitOptions
	for _, s := range substs {
		from, to, err := authoring.ParseLitSubst(s)
		if err != nil {
			return command.Exit(command.UsageError, err)
		}
		opt.Substitutions = append(opt.Substitutions, [2]string{from, to})
	}
	for _, f := range features {
		name, expr, err := authoring.ParseLitFeature(f)
		if err != nil {
			return command.Exit(command.UsageError, err)
		}
		if opt.Features == nil {
			opt.Features = map[string]string{}
		}
		opt.Features[name] = expr
	}
	if fi, err := os.Stat(pos[0]); err == nil && fi.IsDir() {
		return importSuite(pos[0], pos[1], corpus, k, opt, stdout, stderr)
	}
	file, err := authoring.ImportPath(corpus, pos[0], pos[1])
	if err != nil {
		return command.Exit(command.UsageError, err)
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return command.Exit(command.UsageError, err)
	}
	d, err := authoring.ImportLit(pos[0], data, opt)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return fmt.Errorf("%s was not imported", pos[0])
	}
	k.Apply(d)
	if err := k.AddFiles(d); err != nil {
		return command.Exit(command.UsageError, err)
	}
	return writeAndCheck(file, d, corpus, stdout, stderr)
}

// writeAndCheck writes a drafted case and runs check on it, so that the
// author's next step is what check says.
func writeAndCheck(file string, d *authoring.Draft, corpus string, stdout, stderr io.Writer) error {
	if err := authoring.WriteNew(file, d); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", file)
	if code := command.Status("check", cmdCheck([]string{"--corpus", corpus, file}, stdout, stderr), stderr); code != 0 {
		fmt.Fprintf(stderr, "fill in what check reports above, then run: cleanexit check %s\n", file)
		return command.Exit(code, nil)
	}
	return nil
}

// draftFromExec fills what a record of `cleanexit exec` says into r: its
// repro, and how it ended, unless the flags said otherwise.
func draftFromExec(r *authoring.NewRequest, file string) error {
	rec, err := guard.ReadRecord(file)
	if err != nil {
		return err
	}
	if len(r.From) == 0 {
		repro, err := rec.Repro()
		if err != nil {
			return err
		}
		r.From = []string{repro}
	}
	if r.Exit == "" {
		if r.Exit = rec.Exit(); r.Exit == "" {
			return fmt.Errorf("the recorded command ended %s (%s), not with a crash at exit", rec.Verdict, rec.Problem)
		}
	}
	return nil
}
