package report

import (
	"time"

	"github.com/cleanexit/cleanexit/runner/result"
	"github.com/cleanexit/cleanexit/toolchains"
)

// sampleResults holds one run of each status, with the awkward characters
// reports must survive: XML's <&", a workflow command's %:, newlines, and
// a control character from a crashed process's stderr.
func sampleResults() []result.Result {
	base := func(id, variant, py string, st result.Status) result.Result {
		return result.Result{
			ID: "native/tls/" + variant + "/" + py, File: "corpus/native/tls.txtar", Line: 7,
			Project: "native", Case: "tls", Variant: variant, Python: py, Status: st,
			Expected: "0", Interpreter: "/usr/bin/python" + py, Version: py + ".1",
			EnvKey: "k-" + py, Attempts: 1, Duration: 310 * time.Millisecond,
		}
	}
	pass := base("", "default", "3.12", result.Pass)
	pass.EnvBuilt, pass.EnvTime, pass.Installed = true, 4200*time.Millisecond, []string{"nanobind==2.4.0"}
	fail := base("", "buggy", "3.12", result.Fail)
	fail.Line = 12
	fail.Reason = "exit 139 (SIGSEGV), want 0 · segfault"
	fail.Actual, fail.Signal, fail.Signature = "exit 139 (SIGSEGV)", "SIGSEGV", "segfault"
	fail.StderrTail = "Fatal Python error: Segmentation fault\n<module> & \"x\" 100% a:b,c\x1b[0m"
	fail.Traceback = "Current thread 0x1 (most recent call first):\n  File \"x.py\", line 3"
	fail.Duration = 2 * time.Second
	xpass := base("", "fixed", "3.12", result.XPass)
	xpass.Reason = "passed, but expected to fail (xfail: linux)"
	timeout := base("", "hang", "3.12", result.Timeout)
	timeout.Reason = "timed out (5s)"
	unresolved := base("", "pinned", "3.12", result.Unresolved)
	unresolved.Reason = "pip: No matching distribution found for nanobind==9.9"
	unsupported := base("", "mac", "3.12", result.Unsupported)
	unsupported.Reason = "requires darwin && arm64 (this host: no darwin)"
	xfail := base("", "known", "3.13", result.XFail)
	xfail.Reason = "expected to fail (xfail: *): exit 134 (SIGABRT), want 0"
	xfail.Signal = "SIGABRT"
	flaky := base("", "flaky", "3.13", result.FlakyPass)
	flaky.Reason, flaky.Attempts, flaky.Failures = "passed after 1 failed try", 2, 1
	return []result.Result{pass, fail, xpass, timeout, unresolved, unsupported, xfail, flaky}
}

func sampleHost() *toolchains.Host {
	return &toolchains.Host{
		OS: "linux", Arch: "amd64", CPUModel: "Intel(R) Xeon(R)",
		GPUs:     []toolchains.GPU{{Name: "NVIDIA H100", Driver: "550.54", ComputeCap: "9.0", MemoryMiB: 81559}},
		Features: map[string]bool{"linux": true, "cuda": true, "darwin": false},
	}
}

func sampleInterpreters() []Interpreter {
	return []Interpreter{
		InterpreterOf("3.12", &toolchains.Interpreter{Path: "/usr/bin/python3.12", RealPath: "/usr/bin/python3.12", Version: "3.12.1", Major: 3, Minor: 12, Micro: 1, Implementation: "cpython", Arch: "amd64", Source: "path"}),
		InterpreterOf("3.13", &toolchains.Interpreter{Path: "/usr/bin/python3.13", RealPath: "/usr/bin/python3.13", Version: "3.13.0", Major: 3, Minor: 13, Implementation: "cpython", Arch: "amd64", Source: "pyenv", PipVersion: "24.2"}),
	}
}

func sampleDocument(host string) *Document {
	d := NewDocument(host, sampleHost(), sampleInterpreters(), time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC))
	d.Command = []string{"cleanexit", "run", "--json", "out.json"}
	for _, r := range sampleResults() {
		d.Add(r)
	}
	d.Finish(3*time.Second, false)
	return d
}
