package forensics

import (
	"strconv"
	"strings"

	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// lldb's batch output of `lldb --batch -o run -o 'bt all'`, in the format
// its documentation shows for `thread backtrace all`:
//
//   - thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x0)
//   - frame #0: 0x0000000100ab4f2c libpython3.12.dylib`new_threadstate + 40
//     frame #2: 0x0000000100f03f70 hook.cpython-312-darwin.so`release_saved at hook.c:9:3
//     thread #2, name = 'worker'
//     Process 4242 exited with status = 0 (0x00000000)
//
// The selected thread (`*`) is the one that stopped.
var (
	lldbThread = lazyregexp.New(`^(\*)?\s*thread #(\d+)(?:, (.*))?$`)
	lldbFrame  = lazyregexp.New("^\\*?\\s*frame #(\\d+): (?:0x[0-9a-fA-F]+ )?([^`\\s]+)`(.*)$")
	lldbWhere  = lazyregexp.New(`^(.*?) at ([^:]+):(\d+)(?::\d+)?$`)
	lldbOffset = lazyregexp.New(`^(.*?) \+ \d+$`)
	lldbExited = lazyregexp.New(`^Process \d+ exited with status = (-?\d+)`)
	lldbName   = lazyregexp.New(`name = '([^']*)'`)
	lldbReason = lazyregexp.New(`stop reason = (?:signal (SIG[A-Z0-9]+)|(EXC_[A-Z_]+))`)
)

// machExceptions are the signals that macOS's Mach exceptions become.
var machExceptions = map[string]string{
	"EXC_BAD_ACCESS":      "SIGSEGV",
	"EXC_BAD_INSTRUCTION": "SIGILL",
	"EXC_ARITHMETIC":      "SIGFPE",
	"EXC_CRASH":           "SIGABRT",
	"EXC_BREAKPOINT":      "SIGTRAP",
}

// parseLLDB reads the stacks out of lldb's batch output. Like parseGDB it
// skips what it does not know and never fails.
func parseLLDB(out string) stacks {
	s := stacks{Crashed: -1, Debugger: "lldb"}
	var text strings.Builder
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimSpace(line)
		if m := lldbExited.FindStringSubmatch(trimmed); m != nil {
			s.Exited = "exited with code " + m[1]
			if m[1] == "0" {
				s.Exited = "exited normally"
			}
			continue
		}
		if m := lldbThread.FindStringSubmatch(trimmed); m != nil {
			name := "thread #" + m[2]
			if n := lldbName.FindStringSubmatch(m[3]); n != nil {
				name += ` "` + n[1] + `"`
			}
			s.Threads = append(s.Threads, thread{Name: name, Main: m[2] == "1"})
			if m[1] == "*" {
				if r := lldbReason.FindStringSubmatch(m[3]); r != nil {
					s.Crashed = len(s.Threads) - 1
					s.Signal = r[1]
					if r[2] != "" {
						s.Signal = machExceptions[r[2]]
						if s.Signal == "" {
							s.Signal = r[2]
						}
					}
				}
			}
			text.WriteString(line + "\n")
			continue
		}
		m := lldbFrame.FindStringSubmatch(trimmed)
		if m == nil || len(s.Threads) == 0 {
			continue
		}
		text.WriteString(line + "\n")
		f := Frame{Module: m[2]}
		rest := strings.TrimSpace(m[3])
		if w := lldbWhere.FindStringSubmatch(rest); w != nil {
			rest, f.File = w[1], w[2]
			f.Line, _ = strconv.Atoi(w[3])
		} else if o := lldbOffset.FindStringSubmatch(rest); o != nil {
			rest = o[1]
		}
		// "main [inlined] std::string::size() const": the frame is the
		// inlined function; the function before it holds its code.
		if _, inner, ok := strings.Cut(rest, " [inlined] "); ok {
			rest = inner
		}
		rest = strings.TrimSuffix(strings.TrimSpace(rest), " const")
		f.Function = functionName(rest)
		t := &s.Threads[len(s.Threads)-1]
		t.Frames = append(t.Frames, f)
	}
	s.Text = strings.TrimRight(text.String(), "\n")
	return s
}
