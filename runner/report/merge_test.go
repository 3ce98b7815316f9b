package report

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/result"
)

// threeHosts are reports from three simulated machines: a Linux box with
// 3.12 and 3.13, a Mac with 3.13t as well, where the darwin-only variant
// runs, and a second Linux box reported as two shards.
func threeHosts() []*Document {
	linux := sampleDocument("linux-x86")
	mac := sampleDocument("mac-arm")
	mac.Host.OS, mac.Host.Arch, mac.Host.CPUModel, mac.Host.GPUs = "darwin", "arm64", "Apple M3", nil
	for i := range mac.Results {
		r := &mac.Results[i]
		switch r.Variant {
		case "mac":
			r.Status, r.Reason = "FAIL", "exit 134 (SIGABRT), want 0 · fatal-python-error: PyThreadState_Get"
			r.Signal = "SIGABRT"
		case "buggy":
			r.Status, r.Signal, r.Reason = "PASS", "", ""
		}
	}
	extra := mac.Results[0]
	extra.Python, extra.ID = "3.13t", "native/tls/default/3.13t"
	mac.Results = append(mac.Results, extra)
	mac.Interpreters = append(mac.Interpreters, Interpreter{Python: "3.13t", Version: "3.13.0", Implementation: "cpython", FreeThreaded: true})

	shard1, shard2 := sampleDocument("arm-linux"), sampleDocument("arm-linux")
	shard1.Results, shard2.Results = shard1.Results[:4], shard2.Results[4:]
	// The same run reported by both shards: the worse verdict wins.
	dup := shard1.Results[0]
	dup.Status = "TIMEOUT"
	shard2.Results = append(shard2.Results, dup)
	return []*Document{linux, mac, shard1, shard2}
}

func TestMergeThreeHosts(t *testing.T) {
	m := Merge(threeHosts())
	var hosts []string
	for _, h := range m.Hosts {
		hosts = append(hosts, h.Name)
	}
	if !reflect.DeepEqual(hosts, []string{"linux-x86", "mac-arm", "arm-linux"}) {
		t.Errorf("hosts %v", hosts)
	}
	if m.Hosts[2].Reports != 2 {
		t.Errorf("arm-linux: %d reports, want its 2 shards", m.Hosts[2].Reports)
	}
	want := []Column{
		{"linux-x86", "3.12"}, {"linux-x86", "3.13"},
		{"mac-arm", "3.12"}, {"mac-arm", "3.13"}, {"mac-arm", "3.13t"},
		{"arm-linux", "3.12"}, {"arm-linux", "3.13"},
	}
	if !reflect.DeepEqual(m.Columns, want) {
		t.Errorf("columns %v\nwant %v", m.Columns, want)
	}
	// Rows that fail on any host first, each group in key order.
	var failing, rest []string
	for _, r := range m.Rows {
		if worst(r).Failed() {
			if len(rest) > 0 {
				t.Errorf("row %s fails but comes after passing rows %v", r.Key, rest)
			}
			failing = append(failing, r.Key)
		} else {
			rest = append(rest, r.Key)
		}
	}
	if !sort.StringsAreSorted(failing) || !sort.StringsAreSorted(rest) || len(failing) == 0 || len(failing)+len(rest) != 8 {
		t.Errorf("rows: failing %v, then %v", failing, rest)
	}
	cell := func(row string, col int) Cell {
		for _, r := range m.Rows {
			if r.Key == row {
				return r.Cells[col]
			}
		}
		t.Fatalf("no row %s", row)
		return Cell{}
	}
	if c := cell("native/tls/buggy", 0); c.Status != result.Fail || c.Signal != "SIGSEGV" {
		t.Errorf("linux buggy 3.12: %+v", c)
	}
	if c := cell("native/tls/buggy", 1); c.Status != "" {
		t.Errorf("linux buggy 3.13 was never run, got %+v", c)
	}
	if c := cell("native/tls/mac", 2); c.Status != result.Fail || c.Signal != "SIGABRT" {
		t.Errorf("mac mac 3.12: %+v", c)
	}
	if c := cell("native/tls/default", 4); c.Status != result.Pass {
		t.Errorf("mac default 3.13t: %+v", c)
	}
	if c := cell("native/tls/default", 5); c.Status != result.Timeout {
		t.Errorf("arm-linux default 3.12, reported PASS and TIMEOUT: %+v, want the worse", c)
	}
	if m.Summary[result.Fail] != 3 || !m.Failed() {
		t.Errorf("summary %v", m.Summary)
	}
}

// TestMergeKeepsTheGravest reports one run from two shards of one host
// and checks which verdict the matrix keeps: a crash outranks a hang, a
// hang an unexpected pass, and so on down to UNSUPPORTED, which says
// nothing about the code and ranks below PASS.
func TestMergeKeepsTheGravest(t *testing.T) {
	order := []result.Status{result.Fail, result.Timeout, result.XPass, result.Unresolved, result.FlakyPass, result.XFail, result.Pass, result.Unsupported}
	for i, graver := range order {
		for _, lesser := range order[i+1:] {
			for _, first := range []result.Status{graver, lesser} {
				second := graver
				if first == graver {
					second = lesser
				}
				a, b := sampleDocument("h"), sampleDocument("h")
				a.Results, b.Results = a.Results[:1], b.Results[:1]
				a.Results[0].Status, b.Results[0].Status = string(first), string(second)
				m := Merge([]*Document{a, b})
				if got := m.Rows[0].Cells[0].Status; got != graver {
					t.Errorf("%s then %s: kept %s, want %s", first, second, got, graver)
				}
				if got := worst(m.Rows[0]); got != graver {
					t.Errorf("%s then %s: worst %s, want %s", first, second, got, graver)
				}
			}
		}
	}
}

func TestPythonOrder(t *testing.T) {
	got := []string{"none", "3.10", "3.9", "3.13t", "3.13", "3.11.7", "3.11.2", "2.7", "3.99"}
	sort.Slice(got, func(i, j int) bool { return pythonLess(got[i], got[j]) })
	want := []string{"2.7", "3.9", "3.10", "3.11.2", "3.11.7", "3.13", "3.13t", "3.99", "none"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestMarkdownMatrix(t *testing.T) {
	var b strings.Builder
	WriteMarkdown(&b, Merge(threeHosts()))
	out := b.String()
	for _, want := range []string{
		"| host | os/arch | cpu | interpreters |\n",
		"| mac-arm | darwin/arm64 | Apple M3 | 3.12 (3.12.1), 3.13 (3.13.0), 3.13t (3.13.0) |\n",
		"| case/variant | linux-x86<br>3.12 | linux-x86<br>3.13 | mac-arm<br>3.12 | mac-arm<br>3.13 | mac-arm<br>3.13t | arm-linux<br>3.12 | arm-linux<br>3.13 |\n",
		"| `native/tls/buggy` | 🔴 FAIL SIGSEGV | · | 🟢 PASS | · | · | 🔴 FAIL SIGSEGV | · |\n",
		"| `native/tls/mac` | ⚪ UNSUPPORTED | · | 🔴 FAIL SIGABRT | · | · | ⚪ UNSUPPORTED | · |\n",
		"\n### Failures\n\n- `native/tls/buggy` on linux-x86, python 3.12: 🔴 FAIL · exit 139 (SIGSEGV), want 0 · segfault\n  ```\n  Fatal Python error: Segmentation fault\n",
		"- `native/tls/mac` on mac-arm, python 3.12: 🔴 FAIL · exit 134 (SIGABRT), want 0 · fatal-python-error: PyThreadState_Get\n",
		"- `native/tls/default` on arm-linux, python 3.12: 🟠 TIMEOUT",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("markdown lacks %q:\n%s", want, out)
		}
	}
	// Rows that fail anywhere come before the rest.
	if i, j := strings.Index(out, "`native/tls/pinned`"), strings.Index(out, "`native/tls/flaky`"); i < 0 || j < 0 || i > j {
		t.Errorf("the failing pinned row is not before the passing flaky row:\n%s", out)
	}
	if strings.Contains(out, "on linux-x86, python 3.13: 🟡 FLAKYPASS") {
		t.Errorf("a FLAKYPASS is listed as a failure:\n%s", out)
	}
	var empty strings.Builder
	WriteMarkdown(&empty, Merge(nil))
	if !strings.Contains(empty.String(), "No runs.") {
		t.Errorf("empty matrix: %q", empty.String())
	}
}
