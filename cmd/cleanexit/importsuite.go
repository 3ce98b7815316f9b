package main

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cleanexit/cleanexit/internal/authoring"
	"github.com/cleanexit/cleanexit/internal/command"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// importSuite is `import DIR PROJECT`: every test of the lit suite in dir
// becomes a case of project, and the migration table says what became of
// each: imported, or refused by reason, with the lines each refusal
// names. It exits 0 when every test was imported and every case passes
// check.
func importSuite(dir, project, corpus string, k authoring.Keys, opt authoring.LitOptions, stdout, stderr io.Writer) error {
	if strings.Contains(strings.Trim(project, "/"), "/") {
		return command.Exit(command.UsageError, fmt.Errorf("%s is a folder: give a PROJECT, not PROJECT/NAME; each test is named after its path", dir))
	}
	tests, err := authoring.ImportLitSuite(dir, opt)
	if err != nil {
		return err
	}
	if len(tests) == 0 {
		return command.Exit(command.UsageError, fmt.Errorf("%s holds no lit test (files with a suffix its config lists, .py by default)", dir))
	}
	var written []string
	byReason := map[string][]string{}
	var refusals []string
	for _, t := range tests {
		if t.Err != nil {
			var list cases.ErrorList
			if l, ok := t.Err.(cases.ErrorList); ok {
				list = l
			} else {
				list = cases.ErrorList{&cases.Error{File: filepath.Join(dir, t.Path), Msg: t.Err.Error()}}
			}
			for _, e := range list {
				reason := "config"
				if d, _, ok := strings.Cut(e.Msg, ":"); ok && !strings.Contains(d, " ") && !strings.HasSuffix(e.File, "cfg") && !strings.HasSuffix(e.File, "cfg.py") {
					reason = d
				}
				byReason[reason] = append(byReason[reason], fmt.Sprintf("%s:%d", e.File, e.Line))
				refusals = append(refusals, e.Error())
			}
			continue
		}
		file, err := authoring.CasePath(corpus, project+"/"+authoring.SuiteCaseName(t.Path))
		if err != nil {
			return err
		}
		k.ApplyToSuiteDraft(t.Draft, t.Path)
		if err := k.AddFiles(t.Draft); err != nil {
			return command.Exit(command.UsageError, err)
		}
		if err := authoring.WriteNew(file, t.Draft); err != nil {
			refusals = append(refusals, err.Error())
			byReason["exists"] = append(byReason["exists"], file)
			continue
		}
		written = append(written, file)
	}
	checkCode := 0
	if len(written) > 0 {
		checkCode = command.Status("check", cmdCheck(append([]string{"--corpus", corpus}, written...), stdout, stderr), stderr)
	}
	fmt.Fprintf(stdout, "migration of the lit suite %s into %s:\n", dir, filepath.Join(corpus, project))
	fmt.Fprintf(stdout, "  %-12s %d of %d tests\n", "imported", len(written), len(tests))
	fmt.Fprintf(stdout, "  %-12s %d\n", "refused", len(tests)-len(written))
	reasons := make([]string, 0, len(byReason))
	for r := range byReason {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	for _, r := range reasons {
		fmt.Fprintf(stdout, "    %-10s %d  %s\n", r, len(byReason[r]), strings.Join(byReason[r], " "))
	}
	for _, r := range refusals {
		fmt.Fprintln(stderr, r)
	}
	if len(written) < len(tests) {
		return command.Exit(1, fmt.Errorf("%d of %d tests of %s were not imported", len(tests)-len(written), len(tests), dir))
	}
	if checkCode != 0 {
		return command.Exit(checkCode, nil)
	}
	return nil
}
