package cases

import (
	"fmt"
	"sort"

	"github.com/cleanexit/cleanexit/internal/suggest"
)

// A runtime check runs the interpreter in a stricter mode that turns
// silent misuse into a failure: a variant that lists it in `checks:` gets
// one more variant per check, named "<variant>+<check>", that is the same
// in every way but the check's environment. Being variants, they have
// their own run IDs, reports and prove verdicts, and a check that makes a
// passing variant fail shows on its own line.
//
// Each check is set through the environment rather than a command-line
// flag: PYTHONDEVMODE=1 is -X dev, and both reach every python the repro
// starts, not only the first.
var runtimeChecks = map[string]map[string]string{
	// Python Development Mode: debug hooks on the memory allocators,
	// faulthandler, ResourceWarning and other warnings shown, asyncio
	// debug, checks of encoding and errors arguments.
	"dev-mode": {"PYTHONDEVMODE": "1"},
	// The debug hooks on the memory allocators alone: buffer under- and
	// overflow, use after free, the GIL held while allocating.
	"malloc-debug": {"PYTHONMALLOC": "debug"},
}

// CheckNames lists the runtime checks a case may ask for, sorted.
func CheckNames() []string {
	names := make([]string, 0, len(runtimeChecks))
	for n := range runtimeChecks {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// ValidCheck returns an error naming the known checks (and the closest
// one) if name is not a runtime check.
func ValidCheck(name string) error {
	if _, ok := runtimeChecks[name]; ok {
		return nil
	}
	msg := fmt.Sprintf("unknown check %q (known: %v)", name, CheckNames())
	if s := suggest.Closest(name, CheckNames(), 3); s != "" {
		msg = fmt.Sprintf("unknown check %q (did you mean %s?)", name, s)
	}
	return fmt.Errorf("%s", msg)
}

// AddChecks gives every variant declared in case.yaml one more variant per
// check in its own `checks:` and in extra (the command line's --checks),
// after the variants already there. A check is added once per variant.
func (c *Case) AddChecks(extra []string) {
	var added []*Variant
	for _, v := range c.Variants {
		if v.Check != "" {
			continue
		}
		for _, name := range append(append([]string{}, v.Checks...), extra...) {
			vname := v.Name + "+" + name
			if c.Variant(vname) != nil || containsVariant(added, vname) {
				continue
			}
			cv := v.clone()
			cv.Name, cv.Check, cv.Checks = vname, name, nil
			if cv.Env == nil {
				cv.Env = map[string]string{}
			}
			for k, val := range runtimeChecks[name] {
				cv.Env[k] = val
			}
			added = append(added, cv)
		}
	}
	c.Variants = append(c.Variants, added...)
}

func containsVariant(vs []*Variant, name string) bool {
	for _, v := range vs {
		if v.Name == name {
			return true
		}
	}
	return false
}
