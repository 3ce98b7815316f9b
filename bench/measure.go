package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// A trial is one timed execution of a side of a comparison: its wall time,
// and the CPU time (user + system) of its whole process tree, which a busy
// machine disturbs far less than wall time.
type trial func() (wall, cpu time.Duration, err error)

// pairs is a comparison's measurements: a[i] and b[i] ran back to back.
type pairs struct {
	a, b       []time.Duration // wall
	aCPU, bCPU []time.Duration
}

// alternate runs a and b n times each, back to back, so that a change in
// the machine's load during the benchmark lands on both sides of a pair;
// every other pair runs b first. A process slows whatever starts right
// after it, a little: in 150 rounds here the xargs loop took 1.014× as
// long (CPU 1.007×) right after a cleanexit session as right after
// another loop. Were a always first, all of a's aftermath would fall on
// b's side and a ÷ b come out that much low; a b, b a, a b… starts both
// sides of each pair after the same side.
func alternate(n int, a, b trial) (pairs, error) {
	var p pairs
	sides := [2]trial{a, b}
	for i := range n {
		var wall, cpu [2]time.Duration
		first := i % 2
		for _, side := range [2]int{first, 1 - first} {
			w, c, err := sides[side]()
			if err != nil {
				return p, err
			}
			wall[side], cpu[side] = w, c
		}
		p.a, p.b = append(p.a, wall[0]), append(p.b, wall[1])
		p.aCPU, p.bCPU = append(p.aCPU, cpu[0]), append(p.bCPU, cpu[1])
	}
	return p, nil
}

// repeat runs t n times.
func repeat(n int, t trial) ([]time.Duration, error) {
	var ds []time.Duration
	for range n {
		d, _, err := t()
		if err != nil {
			return ds, err
		}
		ds = append(ds, d)
	}
	return ds, nil
}

// ratios are a[i]/b[i], pair by pair.
func (p pairs) ratios() []float64 { return ratios(p.a, p.b) }

// cpuRatio is the median of the CPU time ratios, pair by pair.
func (p pairs) cpuRatio() float64 { return median(ratios(p.aCPU, p.bCPU)) }

func ratios(a, b []time.Duration) []float64 {
	r := make([]float64, len(a))
	for i := range a {
		r[i] = float64(a[i]) / float64(b[i])
	}
	return r
}

func median[T int64 | float64 | time.Duration](xs []T) T {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// spread prints a sample as "median (min–max)".
func spread(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	if len(ds) == 1 {
		return secs(ds[0])
	}
	return fmt.Sprintf("%s (%s–%s)", secs(median(ds)), secs(slices.Min(ds)), secs(slices.Max(ds)))
}

// secs prints a duration in seconds, or milliseconds below a tenth of one.
func secs(d time.Duration) string {
	if d < 100*time.Millisecond {
		return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f s", d.Seconds())
}

// process is a command line to time, with the environment it runs in.
type process struct {
	dir  string
	env  []string // added to os.Environ(); a later entry wins
	args []string
}

// measured is how a process went: its wall time, CPU time and peak
// resident memory. The peak is wait4's: the largest of the process's own
// and those of the descendants it waited for (for cleanexit, its own).
type measured struct {
	wall     time.Duration
	cpu      time.Duration // user + system, its waited-for descendants included
	maxRSS   int64         // bytes
	rssKnown bool          // maxRSS was measured (see peakRSS)
	stdout   string
}

// run starts p, waits for it, and fails with the tail of its output if it
// exits non-zero: a benchmark of a failing run measures nothing.
func (p process) run() (measured, error) {
	cmd := exec.Command(p.args[0], p.args[1:]...)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), p.env...)
	// The output goes to files, read once the process has ended: a pipe
	// would wake the benchmark's copying goroutine at every line, CPU
	// time taken on the machine where the timed side runs, and only from
	// the side that prints (cleanexit's result lines; the loop prints
	// nothing).
	stdout, err := outputFile()
	if err != nil {
		return measured{}, err
	}
	defer stdout.Close()
	stderr, err := outputFile()
	if err != nil {
		return measured{}, err
	}
	defer stderr.Close()
	cmd.Stdout, cmd.Stderr = stdout, stderr
	start := time.Now()
	err = cmd.Start()
	if err == nil {
		err = cmd.Wait()
	}
	m := measured{wall: time.Since(start), stdout: readBack(stdout)}
	if cmd.ProcessState != nil {
		m.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	m.maxRSS, m.rssKnown = peakRSS(cmd.ProcessState)
	if err != nil {
		return m, fmt.Errorf("%s: %v\n%s", strings.Join(p.args, " "), err, tailLines(m.stdout+readBack(stderr), 20))
	}
	return m, nil
}

// outputFile is an unnamed file for a process's output: removed at once,
// it goes when closed.
func outputFile() (*os.File, error) {
	f, err := os.CreateTemp("", "cleanexit-bench-output-")
	if err == nil {
		os.Remove(f.Name())
	}
	return f, err
}

// readBack is what was written to f.
func readBack(f *os.File) string {
	var b bytes.Buffer
	if _, err := f.Seek(0, io.SeekStart); err == nil {
		b.ReadFrom(f)
	}
	return b.String()
}

// timed is p.run as a trial.
func (p process) timed() trial {
	return func() (time.Duration, time.Duration, error) {
		m, err := p.run()
		return m.wall, m.cpu, err
	}
}

func tailLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
