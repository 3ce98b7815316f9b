package plan

import (
	"cmp"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

// Config is what expansion needs to know about this host.
type Config struct {
	Interpreters []*toolchains.Interpreter
	// Features answers requires / unsupported / xfail; the costly ones
	// (network, cc, asan) are probed only if some run asks.
	Features *toolchains.Features
	Suite    cases.Suite
	Index    cases.Index // the runner's own settings (flags, environment)
	// Built says whether a run's environment is already built: such a
	// run needs no package index, and the index is not asked whether it
	// answers. nil: none is.
	Built func(*Run) bool
	// DeferIndex leaves the question whether the index answers to the
	// builder of a run's environment (Run.AskIndex) rather than asking it
	// here, before any run starts.
	DeferIndex bool
}

// minDefaultPython is the oldest interpreter a case runs on by default.
var minDefaultPython = [2]int{3, 8}

// Expand returns the runs of every case: in case order, then variant order
// (default first), then interpreter order (oldest first).
func Expand(cs []*cases.Case, cfg Config) []*Run {
	e := &expander{cfg: cfg, labels: labels(cfg.Interpreters)}
	var runs []*Run
	for _, c := range cs {
		for _, v := range c.Variants {
			runs = append(runs, e.variant(c, v)...)
		}
	}
	return runs
}

type expander struct {
	cfg    Config
	labels map[*toolchains.Interpreter]string
}

// network reports whether the package index answers, and if not why.
func (e *expander) network() (bool, string) {
	if e.cfg.Features == nil {
		return false, "no network probe configured"
	}
	return e.cfg.Features.Answer(nil, "network")
}

func (e *expander) variant(c *cases.Case, v *cases.Variant) []*Run {
	sels := v.Python
	if len(sels) == 0 {
		sels = e.cfg.Suite.Python
	}
	var runs []*Run
	matched := map[*toolchains.Interpreter]bool{}
	for _, in := range e.cfg.Interpreters {
		if !selected(in, sels) || matched[in] {
			continue
		}
		matched[in] = true
		runs = append(runs, e.run(c, v, in, e.labels[in]))
	}
	// A selector that matches nothing is reported, not dropped: a case
	// pinned to 3.14 on a host without it says so.
	for _, s := range sels {
		found := false
		for in := range matched {
			if s.Matches(build(in)) {
				found = true
				break
			}
		}
		if !found {
			r := e.base(c, v, nil, label(s.Text))
			r.Unsupported = fmt.Sprintf("no interpreter matches python %s (found: %s)", s.Text, e.found())
			runs = append(runs, r)
		}
	}
	if len(sels) == 0 && len(runs) == 0 {
		r := e.base(c, v, nil, "none")
		r.Unsupported = fmt.Sprintf("no CPython ≥ %d.%d found (found: %s)", minDefaultPython[0], minDefaultPython[1], e.found())
		runs = append(runs, r)
	}
	return runs
}

func selected(in *toolchains.Interpreter, sels []cases.PythonSelector) bool {
	if len(sels) == 0 {
		return in.Implementation == "cpython" &&
			(in.Major > minDefaultPython[0] || (in.Major == minDefaultPython[0] && in.Minor >= minDefaultPython[1]))
	}
	for _, s := range sels {
		if s.Matches(build(in)) {
			return true
		}
	}
	return false
}

func (e *expander) found() string {
	if len(e.cfg.Interpreters) == 0 {
		return "none"
	}
	var vs []string
	for _, in := range e.cfg.Interpreters {
		vs = append(vs, e.labels[in])
	}
	return strings.Join(vs, ", ")
}

func (e *expander) base(c *cases.Case, v *cases.Variant, in *toolchains.Interpreter, py string) *Run {
	r := &Run{
		ID:      c.ID() + "/" + v.Name + "/" + py,
		Case:    c,
		Variant: v,
		Interp:  in,
		Python:  py,
		Index:   mergeIndex(e.cfg.Index, v.Index, e.cfg.Suite.Index),

		Backtrace: cmp.Or(v.Backtrace, e.cfg.Suite.Backtrace),
	}
	for _, p := range v.Packages {
		if p.Path != "" {
			r.Packages = append(r.Packages, p.Path)
		} else {
			r.Packages = append(r.Packages, p.String())
		}
	}
	sort.Strings(r.Packages)
	r.needsNetwork = needsNetwork(v, r.Index)
	return r
}

func (e *expander) run(c *cases.Case, v *cases.Variant, in *toolchains.Interpreter, py string) *Run {
	r := e.base(c, v, in, py)
	has := e.has(in)
	for _, cond := range v.Requires {
		if !cond.Expr.Eval(has) {
			r.Unsupported = "requires " + cond.Text + e.why(cond, has)
			return r
		}
	}
	for _, cond := range v.Unsupported {
		if cond.Expr.Eval(has) {
			r.Unsupported = "unsupported: " + cond.Text + e.why(cond, has)
			return r
		}
	}
	if r.needsNetwork && (e.cfg.Built == nil || !e.cfg.Built(r)) {
		if e.cfg.DeferIndex {
			r.AskIndex = true
		} else if ok, why := e.network(); !ok {
			offline := offlineIndex(v, r.Index)
			if offline == nil {
				r.Unsupported = "network: " + why
				return r
			}
			r.Index, r.needsNetwork = *offline, false
		}
	}
	for _, cond := range v.XFail {
		if cond.Text == "*" || cond.Expr.Eval(has) {
			r.XFail = cond.Text
			break
		}
	}
	return r
}

// why names the features of a condition that were false, for reasons
// like "requires darwin && arm64 (this host: linux, amd64)".
func (e *expander) why(cond cases.Condition, has func(string) bool) string {
	var parts []string
	for _, n := range cond.Expr.Names() {
		if n == "network" {
			if ok, why := e.network(); !ok {
				parts = append(parts, "network: "+why)
			}
			continue
		}
		if has(n) {
			parts = append(parts, n)
		} else {
			parts = append(parts, "no "+n)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (this host: " + strings.Join(parts, ", ") + ")"
}

// has answers feature names for runs on interpreter in.
func (e *expander) has(in *toolchains.Interpreter) func(string) bool {
	return func(name string) bool {
		return e.cfg.Features != nil && e.cfg.Features.Has(in, name)
	}
}

// label turns a selector into an ID part that is a valid test name.
func label(s string) string {
	r := strings.NewReplacer(" ", "", ",", "_", "*", "x")
	return r.Replace(s)
}

// Selects reports whether sel selects the interpreter in, as a case's
// python list does.
func Selects(sel cases.PythonSelector, in *toolchains.Interpreter) bool {
	return sel.Matches(build(in))
}

// build is what a case's python selectors look at in an interpreter.
func build(in *toolchains.Interpreter) cases.PythonBuild {
	return cases.PythonBuild{Major: in.Major, Minor: in.Minor, Micro: in.Micro, FreeThreaded: in.FreeThreaded, Debug: in.Debug}
}

// labels names each interpreter in run IDs: "3.12" (with its ABI flags:
// "3.13t", "3.11d"), or the full version where two interpreters share
// that, or the version and where it was found where even that is shared,
// numbered from the second where two are alike in all of these (two
// copies of one version on PATH).
func labels(ins []*toolchains.Interpreter) map[*toolchains.Interpreter]string {
	short := map[string]int{}
	full := map[string]int{}
	for _, in := range ins {
		short[in.ShortVersion()]++
		full[in.Version+in.ABIFlags()]++
	}
	out := map[*toolchains.Interpreter]string{}
	taken := map[string]int{}
	for _, in := range ins {
		var l string
		switch {
		case short[in.ShortVersion()] == 1:
			l = in.ShortVersion()
		case full[in.Version+in.ABIFlags()] == 1:
			l = in.Version + in.ABIFlags()
		default:
			l = in.Version + in.ABIFlags() + "-" + in.Source
		}
		taken[l]++
		if n := taken[l]; n > 1 {
			l += "-" + strconv.Itoa(n)
		}
		out[in] = l
	}
	return out
}
