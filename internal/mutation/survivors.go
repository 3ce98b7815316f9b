package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// A survivor is an equivalent mutant, explained: the file, the mutator and
// the text of the line it changes name it, so that it stays listed while
// the lines above it move.
type survivor struct {
	file    string // from the module root
	mutator string
	column  int    // where on the line, when the line holds more than one such mutant; 0: any
	source  string // the mutated line, trimmed
	why     string
	line    int // in survivors.txt
	matched bool
}

func readSurvivors(name string) ([]survivor, error) {
	lines, err := readList(name)
	if err != nil {
		return nil, err
	}
	var out []survivor
	for _, l := range lines {
		line := l.text
		f := strings.Split(line, " | ")
		if len(f) != 4 {
			return nil, fmt.Errorf("%s:%d: want `file | mutator | source line | why`, got %q", name, l.n, line)
		}
		for j := range f {
			f[j] = strings.TrimSpace(f[j])
		}
		if len(f[3]) < 20 {
			return nil, fmt.Errorf("%s:%d: say in a sentence why the mutant cannot change behaviour", name, l.n)
		}
		s := survivor{file: f[0], mutator: f[1], source: f[2], why: f[3], line: l.n}
		if m, col, ok := strings.Cut(f[1], "@"); ok {
			n, err := strconv.Atoi(col)
			if err != nil || n < 1 {
				return nil, fmt.Errorf("%s:%d: %q: want MUTATOR@column, the column a number", name, l.n, f[1])
			}
			s.mutator, s.column = m, n
		}
		out = append(out, s)
	}
	return out, nil
}

// A report is how one package's tests fared against its mutants.
type report struct {
	target                        target
	killed, lived, notCovered     int
	timedOut, notViable           int
	unexplained, explained, stale []string
	took                          time.Duration
}

func (r report) covered() int { return r.killed + r.timedOut + r.lived }

// efficacy is killed / (killed + lived), gremlins' own measure. A mutant
// whose tests timed out is neither: on a loaded machine a survivor may
// time out too, so it is counted apart, not as caught.
func (r report) efficacy() float64 {
	if r.killed+r.lived == 0 {
		return 100
	}
	return 100 * float64(r.killed) / float64(r.killed+r.lived)
}

func (r report) coverage() float64 {
	if all := r.covered() + r.notCovered; all > 0 {
		return 100 * float64(r.covered()) / float64(all)
	}
	return 100
}

func (r report) ok() bool {
	return r.efficacy() >= r.target.efficacy && r.coverage() >= r.target.coverage && len(r.unexplained) == 0
}

// judge sorts a package's mutants, and its survivors into explained and
// not.
func judge(t target, res *gremlinsResult, survivors []survivor) report {
	r := report{target: t}
	lines := map[string][]string{}
	for _, f := range res.Files {
		file := filepath.ToSlash(filepath.Join(t.pkg, f.Name))
		for _, m := range f.Mutations {
			switch m.Status {
			case "KILLED":
				r.killed++
			case "TIMED OUT":
				r.timedOut++
			case "NOT VIABLE":
				r.notViable++
			case "NOT COVERED", "SKIPPED":
				r.notCovered++
			case "LIVED":
				r.lived++
				if lines[file] == nil {
					data, _ := os.ReadFile(file)
					lines[file] = strings.Split(string(data), "\n")
				}
				src := ""
				if m.Line >= 1 && m.Line <= len(lines[file]) {
					src = strings.TrimSpace(lines[file][m.Line-1])
				}
				at := fmt.Sprintf("%s:%d:%d: %s", file, m.Line, m.Column, m.Type)
				if s := find(survivors, file, m.Type, m.Column, src); s != nil {
					s.matched = true
					r.explained = append(r.explained, at+": "+s.why)
				} else {
					r.unexplained = append(r.unexplained, fmt.Sprintf("%s: %s\n      to list it as equivalent: %s | %s@%d | %s | <why>", at, src, file, m.Type, m.Column, src))
				}
			}
		}
	}
	for i := range survivors {
		s := &survivors[i]
		if !s.matched && strings.HasPrefix(s.file, t.pkg+"/") && !strings.Contains(strings.TrimPrefix(s.file, t.pkg+"/"), "/") {
			r.stale = append(r.stale, fmt.Sprintf("%s:%d: %s %s no longer survives: remove it", survivorsFile, s.line, s.file, s.mutator))
		}
	}
	return r
}

func find(survivors []survivor, file, mutator string, column int, src string) *survivor {
	for i := range survivors {
		s := &survivors[i]
		if s.file == file && s.mutator == mutator && (s.column == 0 || s.column == column) && s.source == src {
			return s
		}
	}
	return nil
}

func (r report) print(w io.Writer) {
	for _, s := range r.unexplained {
		fmt.Fprintf(w, "  LIVED %s\n", s)
	}
	for _, s := range r.explained {
		fmt.Fprintf(w, "  equivalent %s\n", s)
	}
	for _, s := range r.stale {
		fmt.Fprintf(w, "  note: %s\n", s)
	}
	if r.covered()+r.notCovered == 0 {
		fmt.Fprintf(w, "  note: no mutants: gremlins found nothing to change here\n")
	}
	if r.timedOut > 0 {
		fmt.Fprintf(w, "  note: %d mutants timed out, counted neither killed nor lived (a loaded machine? raise -timeout-coefficient)\n", r.timedOut)
	}
}
