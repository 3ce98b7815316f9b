package forensics

import (
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// gdb's batch output, as `gdb -batch -ex run -ex 'thread apply all bt'
// -ex 'info sharedlibrary'` prints it (see gdbArgs):
//
//	Thread 2 "python3.12" received signal SIGSEGV, Segmentation fault.
//	Thread 2 (Thread 0x7ffff6fff6c0 (LWP 15039) "python3.12"):
//	#0  0x00007ffff79b7fe4 in _PyInterpreterState_GET () at ./Include/internal/pycore_pystate.h:133
//	#1  dict_dealloc (mp=...) at Objects/dictobject.c:2349
//	#5  0x00007ffff765c22f in __GI___call_tls_dtors () at ./stdlib/cxa_thread_atexit_impl.c:159
//	#3  0x00007ffff7ec2f7a in ?? () from /lib/x86_64-linux-gnu/libffi.so.8
//	0x00007ffff790ba10  0x00007ffff7b78ebe  Yes  /root/.pyenv/versions/3.12.1/lib/libpython3.12.so.1.0
//
// A frame without an address is inlined into the frame above it, or (for
// frame #0) stopped at the first instruction of a line; its module is
// found from its neighbours.
var (
	gdbSignal  = lazyregexp.New(`^(?:Program|Thread (\d+)(?: "[^"]*")?) received signal (SIG[A-Z0-9]+)`)
	gdbThread  = lazyregexp.New(`^Thread (\d+) \(.*?\)(?: "([^"]*)")?\):\s*$`)
	gdbFrame   = lazyregexp.New(`^#(\d+)\s+(?:(0x[0-9a-fA-F]+) in )?(.*)$`)
	gdbExited  = lazyregexp.New(`^\[Inferior \d+ \(process \d+\) (exited normally|exited with code \d+)\]`)
	gdbLibrary = lazyregexp.New(`^(0x[0-9a-fA-F]+)\s+(0x[0-9a-fA-F]+)\s+(?:Yes|No)(?: \(\*\))?\s+(/.*)$`)
	gdbWhere   = lazyregexp.New(`^(.*?) (?:at (.+):(\d+)|from (\S+))$`)
	// A line of `info breakpoints`: its number and where it is placed,
	// <PENDING> until a loaded library defines the function.
	gdbBreakpoint = lazyregexp.New(`^(\d+)\s+dprintf\s+\S+\s+[yn]\s+(\S+)`)
)

// parseGDB reads the stacks out of gdb's batch output. Lines it does not
// know (the program's own output, gdb's warnings) are skipped; it never
// fails, and an output with no backtrace gives no threads.
func parseGDB(out string) stacks {
	p := gdbParser{s: stacks{Crashed: -1, Debugger: "gdb", Armed: map[string]bool{}, Called: map[string]bool{}}}
	for _, line := range strings.Split(out, "\n") {
		p.line(strings.TrimRight(line, "\r"))
	}
	p.resolveModules()
	p.findCrashed()
	p.s.Text = strings.TrimRight(p.text.String(), "\n")
	return p.s
}

// A gdbParser is parseGDB's state between lines. A frame's module is known
// only once `info sharedlibrary`, printed after every backtrace, has been
// read; until then the frames wait in raw.
type gdbParser struct {
	s         stacks
	crashedID string          // gdb's number of the thread that received the signal
	ids       []string        // gdb's number of each thread of s.Threads
	raw       [][]gdbRawFrame // each thread's frames, modules not yet resolved
	libs      []gdbMapping    // from `info sharedlibrary`
	text      strings.Builder // the backtraces, for Stacks.Text
	inStacks  bool            // the lines are a backtrace's
}

type gdbRawFrame struct {
	addr   uint64
	hasPC  bool
	module string // from "from LIB"
	frame  Frame
}

// A gdbMapping is one line of `info sharedlibrary`: where a module's code
// is mapped.
type gdbMapping struct {
	lo, hi uint64
	name   string
}

func (p *gdbParser) line(line string) {
	if name, ok := strings.CutPrefix(line, milestoneMark); ok {
		p.s.Called[strings.TrimSpace(name)] = true
		return
	}
	if m := gdbBreakpoint.FindStringSubmatch(line); m != nil {
		// Breakpoints are numbered in the order gdbArgs sets them.
		if i, err := strconv.Atoi(m[1]); err == nil && i >= 1 && i <= len(milestones) {
			p.s.Armed[milestones[i-1]] = m[2] != "<PENDING>"
		}
		p.inStacks = false
		return
	}
	if m := gdbSignal.FindStringSubmatch(line); m != nil && p.s.Signal == "" {
		p.s.Signal, p.crashedID = m[2], m[1]
		return
	}
	if m := gdbExited.FindStringSubmatch(line); m != nil {
		p.s.Exited = m[1]
		return
	}
	if m := gdbThread.FindStringSubmatch(line); m != nil {
		name := "Thread " + m[1]
		if m[2] != "" {
			name += ` "` + m[2] + `"`
		}
		p.s.Threads = append(p.s.Threads, thread{Name: name, Main: m[1] == "1"})
		p.raw = append(p.raw, nil)
		p.ids = append(p.ids, m[1])
		p.inStacks = true
		p.text.WriteString(line + "\n")
		return
	}
	if m := gdbLibrary.FindStringSubmatch(line); m != nil {
		lo, err1 := strconv.ParseUint(m[1], 0, 64)
		hi, err2 := strconv.ParseUint(m[2], 0, 64)
		if err1 == nil && err2 == nil {
			p.libs = append(p.libs, gdbMapping{lo, hi, baseModule(m[3])})
		}
		p.inStacks = false
		return
	}
	p.frame(line)
}

// frame reads a line of a backtrace: "#1  0x… in f (a=...) at file.c:12".
func (p *gdbParser) frame(line string) {
	m := gdbFrame.FindStringSubmatch(line)
	if m == nil || len(p.raw) == 0 || !p.inStacks {
		if strings.HasPrefix(line, "From ") {
			p.inStacks = false
		}
		return
	}
	p.text.WriteString(line + "\n")
	var rf gdbRawFrame
	if m[2] != "" {
		rf.addr, _ = strconv.ParseUint(m[2], 0, 64)
		rf.hasPC = true
	}
	rest := m[3]
	if w := gdbWhere.FindStringSubmatch(rest); w != nil {
		rest = w[1]
		if w[2] != "" {
			rf.frame.File = w[2]
			rf.frame.Line, _ = strconv.Atoi(w[3])
		}
		rf.module = baseModule(w[4])
	}
	rf.frame.Function = functionName(rest)
	p.raw[len(p.raw)-1] = append(p.raw[len(p.raw)-1], rf)
}

// resolveModules gives every frame its module: the one gdb named, else the
// library its address falls in, else (no address: inlined) the module of
// the frame above it.
func (p *gdbParser) resolveModules() {
	for ti, frames := range p.raw {
		out := make([]Frame, len(frames))
		for i, rf := range frames {
			f := rf.frame
			switch {
			case rf.module != "":
				f.Module = rf.module
			case rf.hasPC:
				f.Module = p.moduleAt(rf.addr)
			case i > 0:
				f.Module = out[i-1].Module // inlined into the frame above
			}
			out[i] = f
		}
		// Frame #0 stopped at a line's first instruction has no address:
		// guess its module from its source file.
		if len(out) > 0 && !frames[0].hasPC && frames[0].module == "" {
			out[0].Module = moduleOfSource(out[0].File)
		}
		p.s.Threads[ti].Frames = out
	}
}

// moduleAt is the module whose code holds pc: a shared library, else the
// interpreter itself; "" when gdb listed no library at all.
func (p *gdbParser) moduleAt(pc uint64) string {
	for _, l := range p.libs {
		if pc >= l.lo && pc < l.hi {
			return l.name
		}
	}
	if len(p.libs) > 0 {
		return mainProgram
	}
	return ""
}

// findCrashed sets Stacks.Crashed to the thread gdb said received the
// signal.
func (p *gdbParser) findCrashed() {
	s := &p.s
	for i, id := range p.ids {
		if id == p.crashedID {
			s.Crashed = i
		}
	}
	if s.Signal != "" && s.Crashed < 0 {
		// "Program received signal": a single-threaded program, or gdb
		// did not name the thread; the main thread is the one.
		for i, t := range s.Threads {
			if t.Main || len(s.Threads) == 1 {
				s.Crashed = i
				break
			}
		}
	}
}

// mainProgram stands for the executable itself (the interpreter), which
// `info sharedlibrary` does not list.
const mainProgram = "(the interpreter)"

// functionName is the function of a frame's text with its argument list
// removed: "(anonymous namespace)::Refs::~Refs (this=..., __in_chrg=...)"
// is "(anonymous namespace)::Refs::~Refs".
func functionName(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasSuffix(s, ")") {
		return s
	}
	depth := 0
	for i := len(s) - 1; i >= 0; i-- {
		switch s[i] {
		case ')':
			depth++
		case '(':
			depth--
			if depth == 0 {
				return strings.TrimSpace(s[:i])
			}
		}
	}
	return s
}

// moduleOfSource guesses the module of a frame that gdb printed without
// an address from the path of its source: glibc's and CPython's source
// trees have telling folders.
func moduleOfSource(file string) string {
	f := strings.TrimPrefix(strings.TrimPrefix(file, "./"), "../")
	for _, dir := range []string{"sysdeps/", "nptl/", "stdlib/", "elf/", "csu/", "malloc/", "string/", "libio/", "posix/", "signal/"} {
		if strings.HasPrefix(f, dir) {
			return "libc.so.6"
		}
	}
	for _, dir := range []string{"Python/", "Objects/", "Include/", "Parser/"} {
		if strings.HasPrefix(f, dir) {
			return "libpython"
		}
	}
	return ""
}
