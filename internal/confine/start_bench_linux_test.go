//go:build linux && (amd64 || arm64)

package confine

import (
	"os/exec"
	"testing"
)

// BenchmarkStartPlain is the baseline of BenchmarkStartSandboxed: /bin/true
// started and waited for by os/exec.
func BenchmarkStartPlain(b *testing.B) {
	for b.Loop() {
		if err := exec.Command("/bin/true").Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStartSandboxed is what a sandbox costs a command, one at a
// time: /bin/true prepared, launched and waited for, with a process
// limit (root's holder, or an init of its own for another user).
func BenchmarkStartSandboxed(b *testing.B) {
	p := Policy{Writable: []string{b.TempDir()}, Processes: 64}
	if err := ProbeChild(p); err != nil {
		b.Skip(err)
	}
	defer ReleaseHolders()
	for b.Loop() {
		cmd := exec.Command("/bin/true")
		if err := Prepare(cmd, p); err != nil {
			b.Fatal(err)
		}
		if err := Launch(cmd); err != nil {
			b.Fatal(err)
		}
		if err := Wait(cmd); err != nil {
			b.Fatal(err)
		}
	}
}
