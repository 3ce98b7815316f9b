package cases

import (
	"regexp"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/exitstatus"
	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/cleanexit/cleanexit/runner/feature"
	"github.com/cleanexit/cleanexit/runner/pep508"
	"github.com/rogpeppe/go-internal/txtar"
)

// A Case is one loaded, validated txtar file.
type Case struct {
	File    string // path as given, for messages
	Dir     string // absolute directory of the file: local paths resolve against it
	Project string // the folder the case lives in under the corpus root
	Name    string // file name without .txtar

	Script     string       // the testscript, as written (the archive's comment)
	ScriptLine int          // line of the file where the script starts (always 1)
	Files      []txtar.File // every file but case.yaml, copied into $WORK
	Summary    string
	Links      []string
	KnownBad   []string   // variant names declared known-bad beyond those expecting a non-zero exit
	Variants   []*Variant // "default" first, then in the order written
	// Versions is the version matrix (versions:), whose entries are also
	// among Variants; nil when the case has none.
	Versions *VersionMatrix

	// parsed is Script parsed when the case was loaded, from the text
	// parsedFrom: every run asks for its commands, several times over,
	// and a Script changed since is parsed again (see Commands).
	parsed     *scriptlang.Script
	parseErrs  []*scriptlang.Error
	parsedFrom string
}

// ID is "project/name".
func (c *Case) ID() string { return c.Project + "/" + c.Name }

// Variant returns the named variant, or nil.
func (c *Case) Variant(name string) *Variant {
	for _, v := range c.Variants {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// A Variant is one way to run a case: the case's own settings ("default"),
// or those with a variant's overrides applied.
type Variant struct {
	Name string
	Line int // where it is declared (the case.yaml line for "default")

	Python      []PythonSelector // empty: the suite default
	Packages    []pep508.Requirement
	Index       Index
	Requires    []Condition
	Unsupported []Condition
	XFail       []Condition
	Exit        exitstatus.Expect
	ExitLine    int
	Stderr      *regexp.Regexp
	Timeout     time.Duration
	Env         map[string]string
	// ModuleAlias makes an import of a key's module load the value's
	// (mlir: iree.compiler), so that an upstream test runs unedited
	// against bindings that install under another name.
	ModuleAlias map[string]string
	Repeat      int    // runs per interpreter; one failure fails the variant
	Retries     int    // extra tries after a failure; a later pass is FLAKYPASS
	Clean       string // "" or "strict": warnings such as exception-ignored fail too

	// Phases, when set, makes a crash pass only if its native stack shows
	// it died in one of them (see internal/forensics).
	Phases    []forensics.Phase
	PhaseLine int
	// Backtrace is when a run is repeated under the debugger: off, crash
	// or always; "" leaves it to corpus.yaml and the command line.
	Backtrace string

	// Checks are the runtime checks (dev-mode, malloc-debug) this variant
	// is also run under, each as a variant of its own (see AddChecks).
	Checks []string
	// Check is the runtime check a variant made by AddChecks runs under;
	// "" for the variants case.yaml declares.
	Check string
}

// BadVariant is the known-bad variant that the tools which reproduce the
// bug (bisect, reduce) run: the one named "regressed" when it is
// known-bad, else the first known-bad variant; nil when there is none.
func (c *Case) BadVariant() *Variant {
	if v := c.Variant("regressed"); v != nil && v.KnownBad(c) {
		return v
	}
	for _, v := range c.Variants {
		if v.KnownBad(c) {
			return v
		}
	}
	return nil
}

// GoodVariant is the first variant that is not known-bad, the fixed form
// a known-bad one is compared against; nil when there is none.
func (c *Case) GoodVariant() *Variant {
	for _, v := range c.Variants {
		if !v.KnownBad(c) {
			return v
		}
	}
	return nil
}

// VariantNames lists the case's variants, for "it has default, buggy".
func (c *Case) VariantNames() string {
	names := make([]string, len(c.Variants))
	for i, v := range c.Variants {
		names[i] = v.Name
	}
	return strings.Join(names, ", ")
}

// KnownBad reports whether the variant exists to prove the case catches the
// bug: it expects something other than a clean exit, is always expected to
// fail (xfail: ["*"], a hang say), or the case names it in known-bad.
func (v *Variant) KnownBad(c *Case) bool {
	if !v.Exit.Clean() {
		return true
	}
	for _, x := range v.XFail {
		if x.Text == "*" {
			return true
		}
	}
	for _, n := range c.KnownBad {
		if n == v.Name {
			return true
		}
	}
	return false
}

// Index is where packages come from.
type Index struct {
	URL       string
	Extra     []string
	FindLinks []string // local entries are absolute
	NoIndex   bool

	// Env names the caller's variables the environment build needs beyond
	// those every build sees (a token for a private index, say): builds
	// run without the rest of the caller's environment.
	Env []string
}

// IsZero reports whether the case says nothing about its index.
func (i Index) IsZero() bool {
	return i.URL == "" && len(i.Extra) == 0 && len(i.FindLinks) == 0 && !i.NoIndex && len(i.Env) == 0
}

// A Condition is one feature expression, with where it was written.
type Condition struct {
	Text string
	Expr feature.Expr
	Line int
}

// DefaultTimeout bounds each python run of a case that names no timeout.
const DefaultTimeout = 60 * time.Second
