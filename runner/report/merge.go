package report

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/runner/result"
)

// A Matrix is the runs of several reports side by side: a row per
// project/case/variant, a column per host × interpreter. Reports of one
// host (its shards, say) share its columns.
type Matrix struct {
	Hosts   []MatrixHost
	Columns []Column
	Rows    []Row
	Summary map[result.Status]int
}

// MatrixHost is one host of a matrix, as its reports describe it.
type MatrixHost struct {
	Host
	Interpreters []Interpreter
	Reports      int // how many documents came from it
	ElapsedS     float64
}

// A Column is one interpreter on one host.
type Column struct {
	Host   string
	Python string
}

// A Row is one variant of one case, on every column.
type Row struct {
	Key   string // project/case/variant
	File  string
	Line  int
	Cells []Cell // one per column; a zero Cell where it was not run
}

// A Cell is one run's verdict.
type Cell struct {
	Status    result.Status // "" when not run there
	Signal    string
	Signature string
	Reason    string
	Phase     string // the native phase of death, "" when not known
	Culprit   string // the frame it died in
	Version   string
	DurationS float64
	Stderr    string // the last lines of its stderr, as the report kept them
}

// severity orders statuses for sorting and for choosing between two
// reports of the same run (see result.Status.Gravity).
func severity(s result.Status) int { return s.Gravity() }

// Merge lays documents out as one matrix. Rows that fail on any host come
// first, so that a reader of a long matrix sees them without scrolling;
// within each group rows are sorted by key. Hosts
// keep the order of their first document, and each host's interpreters
// are in version order. Where two documents report the same run of the
// same host, the worse verdict is kept.
func Merge(docs []*Document) *Matrix {
	mg := &merger{
		m:         &Matrix{Summary: map[result.Status]int{}},
		hostIndex: map[string]int{},
		pythons:   map[string]map[string]bool{},
		cells:     map[cellKey]Cell{},
		rows:      map[string]*Row{},
	}
	for _, d := range docs {
		mg.add(d)
	}
	mg.layColumns()
	mg.layRows()
	return mg.m
}

// A merger gathers the documents' hosts and runs, and then lays them out
// as its matrix m.
type merger struct {
	m         *Matrix
	hostIndex map[string]int             // host name: index in m.Hosts
	pythons   map[string]map[string]bool // host name: the interpreters it ran
	cells     map[cellKey]Cell
	rows      map[string]*Row // by key, before they are sorted
}

type cellKey struct{ row, host, python string }

// add gathers one document: its host, the host's interpreters, its runs.
func (mg *merger) add(d *Document) {
	name := d.Host.Name
	i, ok := mg.hostIndex[name]
	if !ok {
		i = len(mg.m.Hosts)
		mg.hostIndex[name] = i
		mg.m.Hosts = append(mg.m.Hosts, MatrixHost{Host: d.Host})
		mg.pythons[name] = map[string]bool{}
	}
	h := &mg.m.Hosts[i]
	h.Reports++
	h.ElapsedS += d.ElapsedS
	for _, in := range d.Interpreters {
		if !slices.ContainsFunc(h.Interpreters, func(x Interpreter) bool { return x.Python == in.Python }) {
			h.Interpreters = append(h.Interpreters, in)
		}
	}
	for _, r := range d.Results {
		rk := r.Project + "/" + r.Case + "/" + r.Variant
		if mg.rows[rk] == nil {
			mg.rows[rk] = &Row{Key: rk, File: r.File, Line: r.Line}
		}
		mg.pythons[name][r.Python] = true
		k := cellKey{rk, name, r.Python}
		c := cellOf(r)
		if prev, dup := mg.cells[k]; !dup || severity(c.Status) > severity(prev.Status) {
			mg.cells[k] = c
		}
	}
}

// cellOf is what a matrix shows of one run.
func cellOf(r Result) Cell {
	c := Cell{
		Status: result.Status(r.Status), Signal: r.Signal, Signature: r.Signature,
		Reason: r.Reason, Version: r.Version, DurationS: r.DurationS,
		Stderr: r.StderrTail,
	}
	if r.Native.Found() {
		c.Phase, c.Culprit = string(r.Native.Phase), r.Native.Culprit
	}
	return c
}

// layColumns makes a column of each interpreter of each host, hosts in
// the order of their first document, interpreters in version order.
func (mg *merger) layColumns() {
	for _, h := range mg.m.Hosts {
		var ps []string
		for p := range mg.pythons[h.Name] {
			ps = append(ps, p)
		}
		sort.Slice(ps, func(i, j int) bool { return pythonLess(ps[i], ps[j]) })
		for _, p := range ps {
			mg.m.Columns = append(mg.m.Columns, Column{Host: h.Name, Python: p})
		}
	}
}

// layRows fills the rows' cells, failing rows first, each group by key,
// and counts the cells' statuses.
func (mg *merger) layRows() {
	m := mg.m
	keys := make([]string, 0, len(mg.rows))
	for k := range mg.rows {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	failing := func(k string) bool {
		for _, col := range m.Columns {
			if mg.cells[cellKey{k, col.Host, col.Python}].Status.Failed() {
				return true
			}
		}
		return false
	}
	sort.SliceStable(keys, func(i, j int) bool { return failing(keys[i]) && !failing(keys[j]) })
	for _, k := range keys {
		row := mg.rows[k]
		row.Cells = make([]Cell, len(m.Columns))
		for i, col := range m.Columns {
			if c, ok := mg.cells[cellKey{k, col.Host, col.Python}]; ok {
				row.Cells[i] = c
				m.Summary[c.Status]++
			}
		}
		m.Rows = append(m.Rows, *row)
	}
}

// worst is the gravest status of a row on any host, "" when it ran nowhere.
func worst(r Row) result.Status {
	var w result.Status
	for _, c := range r.Cells {
		if c.Status != "" && (w == "" || severity(c.Status) > severity(w)) {
			w = c.Status
		}
	}
	return w
}

// pythonLess orders interpreter labels by version: 3.9 before 3.10, 3.13
// before 3.13t; labels that are not versions ("none") go last.
func pythonLess(a, b string) bool {
	va, vb := versionParts(a), versionParts(b)
	if (va == nil) != (vb == nil) {
		return va != nil
	}
	for i := 0; i < len(va) && i < len(vb); i++ {
		if va[i] != vb[i] {
			return va[i] < vb[i]
		}
	}
	if len(va) != len(vb) {
		return len(va) < len(vb)
	}
	return a < b
}

func versionParts(s string) []int {
	s = strings.TrimSuffix(s, "t")
	var out []int
	for _, p := range strings.Split(s, ".") {
		n, err := strconv.Atoi(p)
		if err != nil {
			return nil
		}
		out = append(out, n)
	}
	return out
}

// Failed reports whether any cell of the matrix failed.
func (m *Matrix) Failed() bool {
	for s, n := range m.Summary {
		if n > 0 && s.Failed() {
			return true
		}
	}
	return false
}
