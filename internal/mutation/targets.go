package main

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
)

// A target is one package held to a bar.
type target struct {
	pkg      string // path from the module root: internal/verdict
	efficacy float64
	coverage float64
	fast     bool     // checked by .ci/run
	files    []string // the only files to mutate; empty: all
	line     int      // in targets.txt
}

// readTargets reads targets.txt; errors point at its lines.
func readTargets(name string) ([]target, error) {
	lines, err := readList(name)
	if err != nil {
		return nil, err
	}
	var targets []target
	for _, l := range lines {
		line := strings.TrimSpace(l.text)
		f := strings.Fields(line)
		if len(f) < 4 {
			return nil, fmt.Errorf("%s:%d: want `package efficacy coverage fast|slow [files...]`, got %q", name, l.n, line)
		}
		t := target{pkg: f[0], files: f[4:], line: l.n}
		for _, p := range []struct {
			s   string
			dst *float64
		}{{f[1], &t.efficacy}, {f[2], &t.coverage}} {
			v, err := strconv.ParseFloat(p.s, 64)
			if err != nil || v < 0 || v > 100 {
				return nil, fmt.Errorf("%s:%d: %q is not a percentage", name, l.n, p.s)
			}
			*p.dst = v
		}
		switch f[3] {
		case "fast":
			t.fast = true
		case "slow":
		default:
			return nil, fmt.Errorf("%s:%d: speed %q, want fast or slow", name, l.n, f[3])
		}
		if st, err := os.Stat(t.pkg); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("%s:%d: no package folder %s", name, l.n, t.pkg)
		}
		targets = append(targets, t)
	}
	return targets, nil
}

// selectTargets keeps the named packages (all when none is named), or the
// fast ones.
func selectTargets(all []target, fast bool, names []string) ([]target, error) {
	var out []target
	for _, n := range names {
		n = strings.TrimSuffix(strings.TrimPrefix(n, "./"), "/")
		i := slices.IndexFunc(all, func(t target) bool { return t.pkg == n })
		if i < 0 {
			var known []string
			for _, t := range all {
				known = append(known, t.pkg)
			}
			return nil, fmt.Errorf("%s is not in %s (it has %s)", n, targetsFile, strings.Join(known, ", "))
		}
		out = append(out, all[i])
	}
	if len(names) == 0 {
		for _, t := range all {
			if t.fast || !fast {
				out = append(out, t)
			}
		}
	}
	return out, nil
}
