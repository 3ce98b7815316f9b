package authoring

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/rogpeppe/go-internal/txtar"
)

// ImportPath is where `import` writes the case of the lit test src: id
// is PROJECT/NAME, or PROJECT alone, and then the case is named after src
// (see nameFromFile).
func ImportPath(corpusRoot, src, id string) (string, error) {
	if !strings.Contains(strings.Trim(id, "/"), "/") {
		id = strings.Trim(id, "/") + "/" + nameFromFile(src)
	}
	return CasePath(corpusRoot, id)
}

// LitOptions is what a suite's lit config says that the test cannot:
// import does not run lit.cfg.py, so the author declares the part the
// test needs, and nothing else is assumed.
type LitOptions struct {
	// Substitutions are the config's own (--lit-subst), applied before
	// lit's, in order, as lit applies config.substitutions.
	Substitutions [][2]string
	// Features say what a config's feature names mean on the machines
	// the case runs on (--lit-feature): a cleanexit feature expression,
	// or true or false.
	Features map[string]string
}

// litKeywordRE finds lit's directives as lit does
// (TestRunner.parseIntegratedTestScriptCommands): the first keyword on a
// line, anywhere on it, its colon attached ("XFAIL :" is not one).
var litKeywordRE = lazyregexp.New(`(RUN:|XFAIL:|REQUIRES:|UNSUPPORTED:|ALLOW_RETRIES:|END\.|DEFINE:|REDEFINE:)(.*)`)

// litCrashSignals are the deaths LLVM's `not --crash` takes for a crash
// (any WIFSIGNALED), as a case's exit: names them: the signals a crashing
// process dies of. cleanexit's exit: crash would also take a fatal error
// reported before an ordinary exit, which `not --crash` does not.
var litCrashSignals = []string{"SIGSEGV", "SIGABRT", "SIGBUS", "SIGILL", "SIGFPE", "SIGTRAP", "SIGSYS"}

// litFileCheckFeature is the feature a case that runs filecheck requires:
// LLVM's FileCheck is on the host.
const litFileCheckFeature = "filecheck"

// ImportLit turns an upstream lit test into a draft case. The file is kept
// verbatim, its CHECK lines where lit users keep them; RUN: lines become
// the script, REQUIRES:, UNSUPPORTED:, XFAIL: and ALLOW_RETRIES: the keys
// requires, unsupported, xfail and retries. A test whose only RUN: line is
// `%PYTHON %s` gets no script at all: a case with one .py file and no
// commands runs it, so the upstream test is the case.
//
// lit's meaning is kept, never loosened (docs/lit.md maps every form):
// `not` is `! python`, which fails when the interpreter crashes, as lit's
// `not` does; `not --crash` becomes an exit: list of crash signals; `| FileCheck %s`
// becomes `filecheck FILE`, LLVM's FileCheck reading python's output;
// `env A=1` applies to its own RUN: line alone; `# END.` ends the
// directives. What cannot be carried over faithfully is refused, each
// reason at its line, and nothing is dropped.
func ImportLit(file string, src []byte, opt LitOptions) (*Draft, error) {
	name := filepath.Base(file)
	d := &Draft{files: []txtar.File{{Name: name, Data: src}}, importedFrom: file}
	var errs cases.ErrorList
	fail := func(line int, format string, args ...any) {
		errs = append(errs, &cases.Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)})
	}
	var extra []litSubst
	for _, s := range opt.Substitutions {
		extra = append(extra, litSubst{from: s[0], to: s[1]})
	}
	runs := litRuns{name: name, fail: fail, subs: litSubstitutions(name, extra)}
	conds := map[string]*litList{"REQUIRES": {}, "UNSUPPORTED": {}, "XFAIL": {}}
	retriesLine := 0
lines:
	for i, l := range strings.Split(string(src), "\n") {
		n := i + 1
		m := litKeywordRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		kw, body := strings.TrimSuffix(m[1], ":"), strings.TrimRight(m[2], "\r")
		switch kw {
		case "END.":
			if strings.TrimSpace(body) == "" {
				break lines
			}
		case "RUN":
			runs.add(n, body)
		case "REQUIRES", "UNSUPPORTED", "XFAIL":
			conds[kw].add(n, body)
		case "ALLOW_RETRIES":
			r, err := strconv.Atoi(strings.TrimSpace(body))
			switch {
			case err != nil || r < 0:
				fail(n, "ALLOW_RETRIES: wants a number of retries, got %q", strings.TrimSpace(body))
			case retriesLine != 0:
				fail(n, "ALLOW_RETRIES: a second one (the first is line %d); lit refuses the test", retriesLine)
			case r > cases.MaxRetries:
				fail(n, "ALLOW_RETRIES: %d is more than a case's retries allows (%d)", r, cases.MaxRetries)
			default:
				d.retries, retriesLine = r, n
			}
		case "DEFINE", "REDEFINE":
			fail(n, "%s: defines a lit substitution for the RUN: lines after it, which import does not follow; write the RUN: lines out", kw)
		}
	}
	runs.end()
	for _, kw := range []string{"REQUIRES", "UNSUPPORTED", "XFAIL"} {
		for _, it := range conds[kw].end(kw, fail) {
			exprs, notes, err := litFeatures(kw, it.text, opt.Features)
			if err != nil {
				fail(it.line, "%s: %v", kw, err)
				continue
			}
			for _, note := range notes {
				d.notes = append(d.notes, fmt.Sprintf("line %d: %s", it.line, note))
			}
			switch kw {
			case "REQUIRES":
				d.requires = append(d.requires, exprs...)
			case "UNSUPPORTED":
				d.unsupported = append(d.unsupported, exprs...)
			case "XFAIL":
				d.xfail = append(d.xfail, exprs...)
			}
		}
	}
	if len(runs.lines) == 0 && len(errs) == 0 {
		fail(0, "no RUN: line (want a lit test such as `# RUN: %%PYTHON %%s`); for a plain repro use cleanexit new --from")
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	if runs.crashLine != 0 {
		d.exitSignals = litCrashSignals
		d.notes = append(d.notes, fmt.Sprintf("line %d: lit's `not --crash` passes on a death by signal; exit: lists the signals a crash dies of (a fatal error that exits by itself is none)", runs.crashLine))
	}
	if runs.fileCheck {
		d.requires = append(d.requires, litFileCheckFeature)
	}
	if !(len(runs.lines) == 1 && runs.lines[0] == "python "+scriptWord(name)) {
		d.commands = runs.lines
	}
	return d, nil
}

// A litList gathers the items of one boolean-expression directive
// (REQUIRES:, UNSUPPORTED:, XFAIL:) as lit's _handleBooleanExpr does:
// comma-separated, an item ending in a backslash continued by the first
// item of the next line of the same directive.
type litList struct {
	items []litItem
}

type litItem struct {
	line int
	text string
}

func (l *litList) add(n int, body string) {
	var parts []string
	for _, p := range strings.Split(body, ",") {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	if k := len(l.items); k > 0 && strings.HasSuffix(l.items[k-1].text, `\`) && len(parts) > 0 {
		l.items[k-1].text = strings.TrimSuffix(l.items[k-1].text, `\`) + parts[0]
		parts = parts[1:]
	}
	for _, p := range parts {
		l.items = append(l.items, litItem{n, p})
	}
}

// end returns the items, refusing one left continued.
func (l *litList) end(kw string, fail func(int, string, ...any)) []litItem {
	if k := len(l.items); k > 0 && strings.HasSuffix(l.items[k-1].text, `\`) {
		fail(l.items[k-1].line, "%s: ends with a backslash but no %s: line continues it", kw, kw)
		return l.items[:k-1]
	}
	return l.items
}
