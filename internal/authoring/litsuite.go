package authoring

import (
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
	"github.com/cleanexit/cleanexit/runner/cases"
)

// A LitSuiteTest is one test a lit suite's folder holds, as lit would
// discover it: its draft when it imports, or every reason it does not.
type LitSuiteTest struct {
	Path  string // relative to the suite's folder, with /
	Draft *Draft
	Err   error
}

// litConfigNames are the files of a lit suite that configure it, read by
// lit in every folder from the suite's root down.
var litConfigNames = []string{"lit.cfg.py", "lit.cfg", "lit.local.cfg"}

// ImportLitSuite walks the lit suite in dir the way lit discovers tests:
// every file whose suffix the folder's config lists (.py when none does),
// except the config's excludes, lit's own config files and Output folders.
// Each test is imported as ImportLit would. The configs are read, not run:
// a declared static subset (see litConfigLine) carries over, and a line
// outside it refuses every test below it, naming the line, so that no
// condition a config sets is lost.
func ImportLitSuite(dir string, opt LitOptions) ([]LitSuiteTest, error) {
	var tests []LitSuiteTest
	err := walkLitFolder(dir, "", litFolderConfig{suffixes: []string{".py"}}, opt, &tests)
	sort.Slice(tests, func(i, j int) bool { return tests[i].Path < tests[j].Path })
	return tests, err
}

// A litFolderConfig is what a folder's configs say, inherited below it as
// lit's config objects are.
type litFolderConfig struct {
	suffixes []string
	excludes map[string]bool // this folder's only: lit's excludes are names
	env      map[string]string
	// unsupported are feature expressions under which lit marks every test
	// below UNSUPPORTED (config.unsupported = True under an if).
	unsupported []string
	refusals    cases.ErrorList // config lines import cannot carry over
}

func walkLitFolder(root, rel string, parent litFolderConfig, opt LitOptions, out *[]LitSuiteTest) error {
	dir := filepath.Join(root, filepath.FromSlash(rel))
	cfg := parent
	cfg.excludes = map[string]bool{}
	cfg.env = maps.Clone(parent.env)
	cfg.unsupported = append([]string(nil), parent.unsupported...)
	cfg.refusals = append(cases.ErrorList(nil), parent.refusals...)
	for _, name := range litConfigNames {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if os.IsNotExist(err) {
			continue
		} else if err != nil {
			return err
		}
		cfg.read(filepath.Join(dir, name), string(data), opt)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || cfg.excludes[name] || isLitConfig(name) {
			continue
		}
		relName := path.Join(rel, name)
		if e.IsDir() {
			if name == "Output" {
				continue // lit's own output
			}
			if err := walkLitFolder(root, relName, cfg, opt, out); err != nil {
				return err
			}
			continue
		}
		if !hasSuffix(name, cfg.suffixes) {
			continue
		}
		*out = append(*out, cfg.importTest(root, relName, opt))
	}
	return nil
}

// importTest imports one test under the folder's config.
func (cfg *litFolderConfig) importTest(root, rel string, opt LitOptions) LitSuiteTest {
	t := LitSuiteTest{Path: rel}
	file := filepath.Join(root, filepath.FromSlash(rel))
	src, err := os.ReadFile(file)
	if err != nil {
		t.Err = err
		return t
	}
	d, err := ImportLit(file, src, opt)
	errs := append(cases.ErrorList(nil), cfg.refusals...)
	if err != nil {
		l, ok := err.(cases.ErrorList)
		if !ok {
			t.Err = err
			return t
		}
		errs = append(errs, l...)
	}
	if len(errs) > 0 {
		t.Err = errs
		return t
	}
	d.unsupported = append(d.unsupported, cfg.unsupported...)
	if len(cfg.env) > 0 {
		d.env = maps.Clone(cfg.env)
	}
	t.Draft = d
	return t
}

// Static forms of a lit config's lines that import reads (litConfigLine).
var (
	litCfgSuffixesRE    = lazyregexp.New(`^config\.suffixes\s*=\s*\[([^\]]*)\]\s*$`)
	litCfgExcludesRE    = lazyregexp.New(`^config\.excludes\s*=\s*\[([^\]]*)\]\s*$`)
	litCfgExcludeAddRE  = lazyregexp.New(`^config\.excludes\.(?:add|append)\(\s*("[^"]*"|'[^']*')\s*\)\s*$`)
	litCfgEnvironmentRE = lazyregexp.New(`^config\.environment\[\s*("[^"]*"|'[^']*')\s*\]\s*=\s*("[^"]*"|'[^']*')\s*$`)
	litCfgIfNotRE       = lazyregexp.New(`^if\s+not\s+config\.([A-Za-z_][A-Za-z0-9_]*)\s*:\s*$`)
	litCfgUnsupportedRE = lazyregexp.New(`^config\.unsupported\s*=\s*True\s*$`)
	litCfgStringRE      = lazyregexp.New(`"[^"]*"|'[^']*'`)
)

// read reads a config file's lines into cfg. The subset lit configs of
// Python suites use: suffixes and excludes as literal lists,
// environment[K] = "V", and `if not config.NAME:` over
// `config.unsupported = True`, where NAME is a feature --lit-feature
// declares. Comments, blank lines and imports are nothing to carry over.
// Any other line refuses every test below it.
func (cfg *litFolderConfig) read(file, text string, opt LitOptions) {
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		n, l := i+1, strings.TrimRight(lines[i], " \t\r")
		t := strings.TrimSpace(l)
		refuse := func(format string, args ...any) {
			cfg.refusals = append(cfg.refusals, &cases.Error{File: file, Line: n, Msg: fmt.Sprintf(format, args...)})
		}
		switch {
		case t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "import ") || strings.HasPrefix(t, "from "):
		case litCfgSuffixesRE.MatchString(t):
			cfg.suffixes = litStrings(litCfgSuffixesRE.FindStringSubmatch(t)[1])
		case litCfgExcludesRE.MatchString(t):
			for _, s := range litStrings(litCfgExcludesRE.FindStringSubmatch(t)[1]) {
				cfg.excludes[s] = true
			}
		case litCfgExcludeAddRE.MatchString(t):
			cfg.excludes[litUnquote(litCfgExcludeAddRE.FindStringSubmatch(t)[1])] = true
		case litCfgEnvironmentRE.MatchString(t):
			m := litCfgEnvironmentRE.FindStringSubmatch(t)
			k, v := litUnquote(m[1]), litUnquote(m[2])
			if !envNameOK(k) || v == "" {
				refuse("config.environment[%q] = %q has no counterpart in a case's env", k, v)
				continue
			}
			if cfg.env == nil {
				cfg.env = map[string]string{}
			}
			cfg.env[k] = v
		case litCfgUnsupportedRE.MatchString(t) && l == t:
			refuse("config.unsupported = True: lit runs no test below this folder, so there is none to import")
		case litCfgIfNotRE.MatchString(t) && l == t && i+1 < len(lines) &&
			litCfgUnsupportedRE.MatchString(strings.TrimSpace(lines[i+1])) && strings.TrimSpace(lines[i+1]) != strings.TrimRight(lines[i+1], "\r") &&
			(i+2 >= len(lines) || !isIndented(lines[i+2])):
			name := litCfgIfNotRE.FindStringSubmatch(t)[1]
			i++ // the body, read with it
			expr, ok := opt.Features[name]
			switch {
			case !ok:
				refuse("`if not config.%s: config.unsupported = True` depends on the suite's build; say what %s means here with --lit-feature '%s=EXPR' (true when the package under test provides it)", name, name, name)
			case expr == "true":
			case expr == "false":
				refuse("`if not config.%s: config.unsupported = True` with --lit-feature %s=false: lit runs no test below this folder", name, name)
			default:
				cfg.unsupported = append(cfg.unsupported, "!("+expr+")")
			}
		default:
			refuse("import reads lit configs without running them, and this line is outside what it reads (suffixes, excludes, environment, `if not config.NAME: config.unsupported = True`); the tests below it are not imported, so that no condition it sets is lost")
		}
	}
}

func isLitConfig(name string) bool {
	for _, n := range litConfigNames {
		if name == n {
			return true
		}
	}
	return false
}

func isIndented(l string) bool {
	return strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")
}

func hasSuffix(name string, suffixes []string) bool {
	for _, s := range suffixes {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// litStrings reads the string literals of a Python list's body.
func litStrings(body string) []string {
	var out []string
	for _, m := range litCfgStringRE.FindAllStringSubmatch(body, -1) {
		out = append(out, litUnquote(m[0]))
	}
	return out
}

func litUnquote(s string) string {
	if u, err := strconv.Unquote(`"` + s[1:len(s)-1] + `"`); err == nil {
		return u
	}
	return s[1 : len(s)-1]
}

func envNameOK(k string) bool {
	if k == "" {
		return false
	}
	for i, c := range k {
		if !(c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// SuiteCaseName is the case name of a suite's test: its path with folders
// joined by '-', as nameFromFile names a file (dialects/cf.py is
// dialects-cf).
func SuiteCaseName(rel string) string {
	return nameFromFile(strings.ReplaceAll(strings.TrimSuffix(rel, path.Ext(rel)), "/", "-") + path.Ext(rel))
}

// ApplyToSuiteDraft gives a suite's test its keys: k's, with the summary
// naming the test, so that each case says which one it is.
func (k Keys) ApplyToSuiteDraft(d *Draft, rel string) {
	if k.Summary != "" {
		k.Summary = k.Summary + ": " + rel
	}
	k.Apply(d)
}
