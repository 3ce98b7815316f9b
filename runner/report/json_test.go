package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"
)

// documentedSchema reads docs/report-json.md: for each "## object"
// section, its table's field names and types.
func documentedSchema(t *testing.T) map[string]map[string]string {
	t.Helper()
	f, err := os.Open("../../docs/report-json.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	schema := map[string]map[string]string{}
	row := regexp.MustCompile("^\\| `([a-z_]+)` \\| ([^|]+) \\|")
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "## "); ok {
			section = strings.TrimSpace(name)
			schema[section] = map[string]string{}
			continue
		}
		if m := row.FindStringSubmatch(line); m != nil && section != "" {
			schema[section][m[1]] = strings.TrimSpace(m[2])
		}
	}
	if len(schema) < 6 {
		t.Fatalf("docs/report-json.md: found sections %v", schema)
	}
	return schema
}

// checkObject compares one JSON object with its documented fields: the
// same names, and values of the documented types.
func checkObject(t *testing.T, path string, obj map[string]any, fields map[string]string) {
	t.Helper()
	var got, want []string
	for k := range obj {
		got = append(got, k)
	}
	for k := range fields {
		want = append(want, k)
	}
	sort.Strings(got)
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: fields %v\ndocumented %v", path, got, want)
	}
	for k, typ := range fields {
		v, ok := obj[k]
		if !ok {
			continue
		}
		ok = false
		switch {
		case typ == "string":
			_, ok = v.(string)
		case typ == "int":
			n, isNum := v.(float64)
			ok = isNum && n == float64(int64(n))
		case typ == "number":
			_, ok = v.(float64)
		case typ == "bool":
			_, ok = v.(bool)
		case strings.HasPrefix(typ, "["):
			_, ok = v.([]any)
		case strings.HasPrefix(typ, "{") || typ == "object":
			_, ok = v.(map[string]any)
		default:
			t.Errorf("docs/report-json.md: %s.%s has type %q, which this test does not know", path, k, typ)
			continue
		}
		if !ok {
			t.Errorf("%s.%s = %#v, documented as %s", path, k, v, typ)
		}
	}
}

// The JSON a run writes has exactly the fields docs/report-json.md
// documents, at every level, with the documented types.
func TestJSONMatchesDocumentedSchema(t *testing.T) {
	schema := documentedSchema(t)
	var b bytes.Buffer
	if err := sampleDocument("ci-linux").WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	checkObject(t, "document", doc, schema["document"])
	checkObject(t, "selection", doc["selection"].(map[string]any), schema["selection"])
	host := doc["host"].(map[string]any)
	checkObject(t, "host", host, schema["host"])
	checkObject(t, "host.gpus[0]", host["gpus"].([]any)[0].(map[string]any), schema["gpu"])
	for _, in := range doc["interpreters"].([]any) {
		checkObject(t, "interpreter", in.(map[string]any), schema["interpreter"])
	}
	results := doc["results"].([]any)
	if len(results) != len(sampleResults()) {
		t.Fatalf("%d results, want %d", len(results), len(sampleResults()))
	}
	for _, r := range results {
		checkObject(t, "result", r.(map[string]any), schema["result"])
	}
	if doc["schema"] != "cleanexit-report/1" || !strings.Contains(mustRead(t, "../../docs/report-json.md"), `"cleanexit-report/1"`) {
		t.Errorf("schema %v; the docs must name the version the code writes", doc["schema"])
	}
}

// strictDocument is the schema as docs/report-json.md states it, written
// out independently of the types that produce it: decoding with
// DisallowUnknownFields fails on any field the docs do not have.
type strictDocument struct {
	Schema      string    `json:"schema"`
	Command     []string  `json:"command"`
	Started     time.Time `json:"started"`
	ElapsedS    float64   `json:"elapsed_s"`
	Interrupted bool      `json:"interrupted"`
	Selection   struct {
		Filter      string   `json:"filter"`
		FilterOut   string   `json:"filter_out"`
		Shard       string   `json:"shard"`
		Order       string   `json:"order"`
		Seed        uint64   `json:"seed"`
		XFailNot    []string `json:"xfail_not"`
		Unsupported []string `json:"unsupported"`
		NotStarted  int      `json:"not_started"`
	} `json:"selection"`
	Host struct {
		Name, OS, Arch string
		CPUModel       string `json:"cpu_model"`
		GPUs           []struct {
			Name, Driver string
			ComputeCap   string `json:"compute_cap"`
			MemoryMiB    int    `json:"memory_mib"`
		} `json:"gpus"`
		Features map[string]bool
	} `json:"host"`
	Interpreters []struct {
		Python, Path    string
		RealPath        string `json:"real_path"`
		Source, Version string
		Implementation  string
		FreeThreaded    bool `json:"free_threaded"`
		Debug           bool
		Arch            string
		PipVersion      string `json:"pip_version"`
		Key             string
	} `json:"interpreters"`
	Summary map[string]int `json:"summary"`
	Judged  int            `json:"judged"`
	Results []struct {
		ID, File                         string
		Line                             int
		Project, Case, Variant, Python   string
		Status, Reason, Expected, Actual string
		Signal, Signature                string
		Warnings                         []string
		StderrTail                       string `json:"stderr_tail"`
		OutputDropped                    string `json:"output_dropped"`
		StdoutTail                       string `json:"stdout_tail"`
		Traceback, Log, Work             string
		Native                           struct {
			Phase, Thread, Signal, Culprit string
			Frames                         []struct {
				Function, Module, File string
				Line                   int
			}
			Stacks, Debugger, Note string
		}
		Interpreter, Version string
		EnvKey               string  `json:"env_key"`
		EnvBuilt             bool    `json:"env_built"`
		EnvTimeS             float64 `json:"env_time_s"`
		Installed            []string
		Override             string
		Attempts, Failures   int
		DurationS            float64 `json:"duration_s"`
	} `json:"results"`
}

func TestJSONDecodesStrictly(t *testing.T) {
	var b bytes.Buffer
	if err := sampleDocument("ci-linux").WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(&b)
	dec.DisallowUnknownFields()
	var d strictDocument
	if err := dec.Decode(&d); err != nil {
		t.Fatalf("the report does not decode into the documented schema: %v", err)
	}
	fail := d.Results[1]
	if fail.Status != "FAIL" || fail.Signal != "SIGSEGV" || fail.Signature != "segfault" || fail.Line != 12 || fail.DurationS != 2 {
		t.Errorf("FAIL result: %+v", fail)
	}
	if r := d.Results[0]; !r.EnvBuilt || r.EnvTimeS != 4.2 || !reflect.DeepEqual(r.Installed, []string{"nanobind==2.4.0"}) {
		t.Errorf("PASS result's environment: %+v", r)
	}
	if d.Summary["FAIL"] != 1 || d.Summary["PASS"] != 1 || len(d.Summary) != 8 {
		t.Errorf("summary: %v", d.Summary)
	}
	if d.Host.GPUs[0].ComputeCap != "9.0" || !d.Host.Features["cuda"] || d.Interpreters[1].PipVersion != "24.2" {
		t.Errorf("host or interpreters: %+v %+v", d.Host, d.Interpreters)
	}
}

// A document read back is the document written: merging loses nothing.
func TestReadDocumentRoundTrip(t *testing.T) {
	want := sampleDocument("ci-linux")
	var b bytes.Buffer
	want.WriteJSON(&b)
	got, err := ReadDocument(&b, "a.json")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Models(), want.Models()) {
		t.Errorf("results differ after a round trip:\n got %+v\nwant %+v", got.Models(), want.Models())
	}
	if !got.Started.Equal(want.Started) || got.Host.Name != "ci-linux" {
		t.Errorf("document head differs: %v %v", got.Started, got.Host)
	}
	if !reflect.DeepEqual(got.Models(), sampleResults()) {
		t.Errorf("the schema's result does not carry every result.Result field:\n got %+v\nwant %+v", got.Models(), sampleResults())
	}
}

func TestReadDocumentErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`{"schema": "cleanexit-report/2", "results": []}`, `a.json: schema "cleanexit-report/2"; this cleanexit reads "cleanexit-report/1"`},
		{`{"results": []}`, `a.json: not a cleanexit JSON report (no "schema": "cleanexit-report/1")`},
		{`<testsuites/>`, `a.json: not a cleanexit JSON report: invalid character`},
		{`{"schema": "cleanexit-report/1", "results": {}}`, `a.json: json: cannot unmarshal object`},
	} {
		_, err := ReadDocument(strings.NewReader(tc.in), "a.json")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ReadDocument(%s): %v\nwant %s…", tc.in, err, tc.want)
		}
	}
	// A field a newer cleanexit adds is not an error.
	if _, err := ReadDocument(strings.NewReader(`{"schema": "cleanexit-report/1", "future": 1, "results": [{"id": "a/b/c/3.12", "new": true}]}`), "a.json"); err != nil {
		t.Errorf("an unknown field: %v", err)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
