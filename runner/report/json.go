package report

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/cleanexit/cleanexit/toolchains"
)

// SchemaVersion is the version of the JSON report's schema
// (docs/report-json.md). It changes when a field is removed or changes
// meaning; adding a field does not change it.
const SchemaVersion = 1

// SchemaName is the document's "schema" value: "cleanexit-report/1".
var SchemaName = "cleanexit-report/" + strconv.Itoa(SchemaVersion)

// A Document is one run of cleanexit on one host: the JSON report
// (--json), and what `cleanexit report merge` reads. Its fields are the
// schema; docs/report-json.md documents each, and a test holds the two
// together.
type Document struct {
	Schema       string         `json:"schema"`
	Command      []string       `json:"command"`
	Started      time.Time      `json:"started"`
	ElapsedS     float64        `json:"elapsed_s"`
	Interrupted  bool           `json:"interrupted"`
	Selection    Selection      `json:"selection"`
	Host         Host           `json:"host"`
	Interpreters []Interpreter  `json:"interpreters"`
	Summary      map[string]int `json:"summary"`
	// Judged counts the results that ran and were judged: all but
	// UNSUPPORTED. A report whose every run was UNSUPPORTED is green and
	// says nothing; 0 here says so to a script that reads the report.
	Judged  int      `json:"judged"`
	Results []Result `json:"results"`
}

// Selection is how the runs were chosen, so that a report from one shard
// says it is one.
type Selection struct {
	Filter      string   `json:"filter"`
	FilterOut   string   `json:"filter_out"`
	Shard       string   `json:"shard"`
	Order       string   `json:"order"`
	Seed        uint64   `json:"seed"`
	XFailNot    []string `json:"xfail_not"`
	Unsupported []string `json:"unsupported"`
	NotStarted  int      `json:"not_started"`
}

// Host is the machine the runs ran on.
type Host struct {
	Name     string          `json:"name"`
	OS       string          `json:"os"`
	Arch     string          `json:"arch"`
	CPUModel string          `json:"cpu_model"`
	GPUs     []GPU           `json:"gpus"`
	Features map[string]bool `json:"features"`
}

// GPU is one NVIDIA GPU of the host.
type GPU struct {
	Name       string `json:"name"`
	Driver     string `json:"driver"`
	ComputeCap string `json:"compute_cap"`
	MemoryMiB  int    `json:"memory_mib"`
}

// Interpreter is one interpreter discovered on the host.
type Interpreter struct {
	Python         string `json:"python"`
	Path           string `json:"path"`
	RealPath       string `json:"real_path"`
	Source         string `json:"source"`
	Version        string `json:"version"`
	Implementation string `json:"implementation"`
	FreeThreaded   bool   `json:"free_threaded"`
	Debug          bool   `json:"debug"`
	Arch           string `json:"arch"`
	PipVersion     string `json:"pip_version"`
	Key            string `json:"key"`
}

// Result is one run's result.Result, as the schema spells it.
type Result struct {
	ID         string   `json:"id"`
	File       string   `json:"file"`
	Line       int      `json:"line"`
	Project    string   `json:"project"`
	Case       string   `json:"case"`
	Variant    string   `json:"variant"`
	Python     string   `json:"python"`
	Status     string   `json:"status"`
	Reason     string   `json:"reason"`
	Expected   string   `json:"expected"`
	Actual     string   `json:"actual"`
	Signal     string   `json:"signal"`
	Signature  string   `json:"signature"`
	Warnings   []string `json:"warnings"`
	StderrTail string   `json:"stderr_tail"`
	StdoutTail string   `json:"stdout_tail"`
	Dropped    string   `json:"output_dropped"`
	Traceback  string   `json:"traceback"`
	// Native is {} when the run was not repeated under a debugger.
	Native      forensics.Native `json:"native"`
	Log         string           `json:"log"`
	Work        string           `json:"work"`
	Interpreter string           `json:"interpreter"`
	Version     string           `json:"version"`
	EnvKey      string           `json:"env_key"`
	EnvBuilt    bool             `json:"env_built"`
	EnvTimeS    float64          `json:"env_time_s"`
	Installed   []string         `json:"installed"`
	Override    string           `json:"override"`
	Attempts    int              `json:"attempts"`
	Failures    int              `json:"failures"`
	DurationS   float64          `json:"duration_s"`
}

// NewDocument starts the report of a run on host, named name (the
// machine's hostname unless the user chose another), with its
// interpreters labelled as run IDs name them.
func NewDocument(name string, h *toolchains.Host, interps []Interpreter, started time.Time) *Document {
	d := &Document{
		Schema:       SchemaName,
		Started:      started.UTC(),
		Host:         Host{Name: name, GPUs: []GPU{}, Features: map[string]bool{}},
		Interpreters: interps,
		Summary:      map[string]int{},
		Results:      []Result{},
	}
	if d.Interpreters == nil {
		d.Interpreters = []Interpreter{}
	}
	if h != nil {
		d.Host.OS, d.Host.Arch, d.Host.CPUModel = h.OS, h.Arch, h.CPUModel
		for _, g := range h.GPUs {
			d.Host.GPUs = append(d.Host.GPUs, GPU(g))
		}
		for k, v := range h.Features {
			d.Host.Features[k] = v
		}
	}
	return d
}

// InterpreterOf describes an interpreter that run IDs call python.
func InterpreterOf(python string, in *toolchains.Interpreter) Interpreter {
	return Interpreter{
		Python: python, Path: in.Path, RealPath: in.RealPath, Source: in.Source,
		Version: in.Version, Implementation: in.Implementation,
		FreeThreaded: in.FreeThreaded, Debug: in.Debug, Arch: in.Arch,
		PipVersion: in.PipVersion, Key: in.Key(),
	}
}

// ResultOf is r as the schema spells it.
func ResultOf(r result.Result) Result {
	var s Result
	exchange(&s, &r, toSchema)
	return s
}

// Model is the result.Result this schema result was made from, so that
// renderers over the one result model read merged reports too.
func (r Result) Model() result.Result {
	var m result.Result
	exchange(&r, &m, toModel)
	return m
}

// A direction says which side of exchange is written.
type direction bool

const (
	toSchema direction = false
	toModel  direction = true
)

// exchange copies one run's result between the schema and the model, in
// the direction dir says. Each field is named once, with its conversion
// each way, so that a field is carried both ways or not at all: the report
// that `report merge` reads back is the report that was written.
func exchange(s *Result, m *result.Result, dir direction) {
	same(dir, &s.ID, &m.ID)
	same(dir, &s.File, &m.File)
	same(dir, &s.Line, &m.Line)
	same(dir, &s.Project, &m.Project)
	same(dir, &s.Case, &m.Case)
	same(dir, &s.Variant, &m.Variant)
	same(dir, &s.Python, &m.Python)
	convert(dir, &s.Status, &m.Status,
		func(st result.Status) string { return string(st) },
		func(st string) result.Status { return result.Status(st) })
	same(dir, &s.Reason, &m.Reason)
	same(dir, &s.Expected, &m.Expected)
	same(dir, &s.Actual, &m.Actual)
	same(dir, &s.Signal, &m.Signal)
	same(dir, &s.Signature, &m.Signature)
	convert(dir, &s.Warnings, &m.Warnings, nonNil, nilIfEmpty)
	same(dir, &s.StderrTail, &m.StderrTail)
	same(dir, &s.StdoutTail, &m.StdoutTail)
	same(dir, &s.Dropped, &m.OutputDropped)
	same(dir, &s.Traceback, &m.Traceback)
	convert(dir, &s.Native, &m.Native, deref, nativeOrNil)
	same(dir, &s.Log, &m.Log)
	same(dir, &s.Work, &m.Work)
	same(dir, &s.Interpreter, &m.Interpreter)
	same(dir, &s.Version, &m.Version)
	same(dir, &s.EnvKey, &m.EnvKey)
	same(dir, &s.EnvBuilt, &m.EnvBuilt)
	convert(dir, &s.EnvTimeS, &m.EnvTime, seconds, duration)
	convert(dir, &s.Installed, &m.Installed, nonNil, nilIfEmpty)
	same(dir, &s.Override, &m.Override)
	same(dir, &s.Attempts, &m.Attempts)
	same(dir, &s.Failures, &m.Failures)
	convert(dir, &s.DurationS, &m.Duration, seconds, duration)
}

// same carries a field that the schema and the model spell alike.
func same[T any](dir direction, schema, model *T) {
	if dir == toModel {
		*model = *schema
	} else {
		*schema = *model
	}
}

// convert carries a field that the schema spells as S and the model as M.
func convert[S, M any](dir direction, schema *S, model *M, toS func(M) S, toM func(S) M) {
	if dir == toModel {
		*model = toM(*schema)
	} else {
		*schema = toS(*model)
	}
}

// Add records one finished run.
func (d *Document) Add(r result.Result) {
	d.Results = append(d.Results, ResultOf(r))
	d.Summary[string(r.Status)]++
	if r.Status != result.Unsupported {
		d.Judged++
	}
}

// Models returns the document's results as the result model.
func (d *Document) Models() []result.Result {
	out := make([]result.Result, len(d.Results))
	for i, r := range d.Results {
		out[i] = r.Model()
	}
	return out
}

// Finish stamps the wall time.
func (d *Document) Finish(elapsed time.Duration, interrupted bool) {
	d.ElapsedS, d.Interrupted = seconds(elapsed), interrupted
}

// WriteJSON writes the document, indented, as one JSON value. Lists are
// written as [] when empty, never null, as the schema promises.
func (d *Document) WriteJSON(w io.Writer) error {
	out := *d
	out.Command = nonNil(out.Command)
	out.Selection.XFailNot = nonNil(out.Selection.XFailNot)
	out.Selection.Unsupported = nonNil(out.Selection.Unsupported)
	if out.Host.GPUs == nil {
		out.Host.GPUs = []GPU{}
	}
	if out.Host.Features == nil {
		out.Host.Features = map[string]bool{}
	}
	if out.Interpreters == nil {
		out.Interpreters = []Interpreter{}
	}
	if out.Summary == nil {
		out.Summary = map[string]int{}
	}
	out.Results = make([]Result, len(d.Results))
	for i, r := range d.Results {
		r.Warnings, r.Installed = nonNil(r.Warnings), nonNil(r.Installed)
		out.Results[i] = r
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// ReadDocument reads a JSON report. It accepts fields it does not know
// (a newer cleanexit of the same schema version may add some), and refuses
// another schema version with a message that says which.
func ReadDocument(r io.Reader, name string) (*Document, error) {
	var head struct {
		Schema string `json:"schema"`
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("%s: not a cleanexit JSON report: %v", name, err)
	}
	if head.Schema != SchemaName {
		if !strings.HasPrefix(head.Schema, "cleanexit-report/") {
			return nil, fmt.Errorf("%s: not a cleanexit JSON report (no \"schema\": %q)", name, SchemaName)
		}
		return nil, fmt.Errorf("%s: schema %q; this cleanexit reads %q", name, head.Schema, SchemaName)
	}
	var d Document
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if d.Summary == nil {
		d.Summary = map[string]int{}
	}
	return &d, nil
}

// ReadDocumentFiles reads the JSON report in each named file.
func ReadDocumentFiles(names []string) ([]*Document, error) {
	var docs []*Document
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		d, err := ReadDocument(f, name)
		f.Close()
		if err != nil {
			return nil, err
		}
		docs = append(docs, d)
	}
	return docs, nil
}

func seconds(d time.Duration) float64 {
	return math.Round(d.Seconds()*1e6) / 1e6
}

func duration(s float64) time.Duration {
	return time.Duration(math.Round(s * 1e9))
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// deref is a run's native verdict, the zero one when it was not rerun.
func deref(n *forensics.Native) forensics.Native {
	if n == nil {
		return forensics.Native{}
	}
	return *n
}

// nativeOrNil is the model's native verdict: nil when the report says the
// run was not rerun.
func nativeOrNil(n forensics.Native) *forensics.Native {
	if n.Debugger == "" && n.Note == "" && len(n.Frames) == 0 {
		return nil
	}
	return &n
}
