package plan

import (
	"strings"
	"sync"

	"github.com/cleanexit/cleanexit/runner/cases"
	"github.com/cleanexit/cleanexit/toolchains"
)

// Wants says whether any variant of cs could select an interpreter of
// version major.minor, for discovery to identify only those
// (toolchains.Options.Wanted): on a machine whose identities are not yet
// cached, identifying every interpreter costs a process start each, and a
// session that asks for one version need not pay for eleven. It answers
// as Expand selects, over every micro release and build (free-threaded,
// debug); a selector naming a pre-release is taken to want every version.
func Wants(cs []*cases.Case, suite cases.Suite) func(major, minor int) bool {
	var lists [][]cases.PythonSelector
	seen := map[string]bool{}
	for _, c := range cs {
		for _, v := range c.Variants {
			sels := v.Python
			if len(sels) == 0 {
				sels = suite.Python
			}
			var key strings.Builder
			for _, s := range sels {
				key.WriteString(s.Text + "\x00")
			}
			if !seen[key.String()] {
				seen[key.String()] = true
				lists = append(lists, sels)
			}
		}
	}
	var mu sync.Mutex
	memo := map[[2]int]bool{}
	return func(major, minor int) bool {
		mu.Lock()
		defer mu.Unlock()
		k := [2]int{major, minor}
		if w, ok := memo[k]; ok {
			return w
		}
		w := anySelects(lists, major, minor)
		memo[k] = w
		return w
	}
}

// maxMicro bounds the micro releases Wants tries: CPython's longest-lived
// minor so far (2.7) reached 2.7.18.
const maxMicro = 99

func anySelects(lists [][]cases.PythonSelector, major, minor int) bool {
	for _, sels := range lists {
		for _, s := range sels {
			if s.Spec != nil && strings.ContainsAny(s.Text, "abcdev") {
				return true // a pre-release: not worth modelling
			}
		}
		for micro := 0; micro <= maxMicro; micro++ {
			for _, flags := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
				in := &toolchains.Interpreter{Implementation: "cpython", Major: major, Minor: minor, Micro: micro, FreeThreaded: flags[0], Debug: flags[1]}
				if selected(in, sels) {
					return true
				}
			}
		}
	}
	return false
}
