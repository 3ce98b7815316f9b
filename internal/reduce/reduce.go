package reduce

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cleanexit/cleanexit/internal/suggest"
	"github.com/rogpeppe/go-internal/txtar"
)

// Options bound and shape a reduction.
type Options struct {
	Files    []string // archive files to shrink; nil: DefaultFiles
	Jobs     int      // candidates judged at once; default 1
	MaxTests int      // candidates judged at most; 0: no bound
	// TimeLimit bounds the whole reduction; 0: none. Reaching it stops
	// the reduction as Ctrl-C does, with the smallest interesting state
	// found so far, which is still judged once more in full.
	TimeLimit time.Duration
	// Progress, when set, hears after each batch of candidates how far the
	// reduction has come.
	Progress func(Progress)
}

// Progress is where a reduction stands.
type Progress struct {
	Lines   int           // lines now, of the files being shrunk
	Tests   int           // candidates judged so far
	Elapsed time.Duration //
	Pass    string        // "repro.py: statements", "holder.cpp: lines", …
}

// A Reduction is what Reduce found: always an interesting state, the
// original when nothing smaller was.
type Reduction struct {
	Files    []File
	Tests    int // candidates judged (cache hits and syntax rejects not counted)
	Rejected int // candidates rejected before a run: no parse, seen before, or did not compile
	// Uncompiled are the candidates of Rejected that the compiler's syntax
	// check rejected, each a build and a run saved.
	Uncompiled int
	// Unsound are the candidates of Rejected that changed the program's
	// meaning: a Python file that no longer calls what the original
	// called of the case's extension, or C/C++ with an undefined-behaviour
	// warning (an uninitialised use, a missing return) that the original
	// did not have.
	Unsound int
	// Undone counts the steps taken on screening that the confirmation
	// at the end of their pass took back (another phase or culprit under
	// the debugger, the fixed variant no longer passing).
	Undone  int
	Runs    int           // python runs of the case they took
	Elapsed time.Duration //
	Stopped string        // why it stopped early: "interrupted", "--max-tests 50 reached", "--time-limit 5m0s reached"; "" when done
	// Unverified says why the result, judged in full once more at the
	// end, was not interesting: a crash that does not always happen; ""
	// when it was (or when it is the original, or the run was interrupted).
	Unverified string
	Archive    []txtar.File // every file of the case, the shrunk ones reduced
}

// A File is one shrunk archive file.
type File struct {
	Name     string
	Original string
	Reduced  string
}

// Lines counts the non-blank lines of a source.
func Lines(src string) int {
	n := 0
	for _, l := range splitLines(src) {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// LinesBefore and LinesAfter total the non-blank lines of the shrunk files.
func (r *Reduction) LinesBefore() (n int) {
	for _, f := range r.Files {
		n += Lines(f.Original)
	}
	return n
}

func (r *Reduction) LinesAfter() (n int) {
	for _, f := range r.Files {
		n += Lines(f.Reduced)
	}
	return n
}

// reducer is one reduction in progress.
type reducer struct {
	t     *Target
	opt   Options
	py    *pyAST
	check *compileCheck  // nil when no C/C++ source shrinks, or none can be checked
	calls extensionCalls // the calls of the case's extension each Python file must keep
	start time.Time

	mu     sync.Mutex
	files  []txtar.File         // the current, interesting state
	seen   map[[32]byte]verdict // candidates judged, by content
	tests  int
	runs   int
	reject int
	// uncompiled counts the candidates the compile check rejected (in
	// reject too).
	uncompiled int
	unsound    int // rejected for changing the program's meaning (in reject too)
	stopped    string
	// pending are the states taken since the last confirmed one, settled
	// (the last confirmed state), and undone counts steps that settle took
	// back.
	pending [][]txtar.File
	settled []txtar.File
	undone  int
	// round counts the passes over every file: after the first, ddmin
	// starts at one unit, since the halving already found what it could.
	round int
}

// A verdict is how far a candidate got: screened candidates crashed the
// same way without the debugger, confirmed ones under it too.
type verdict int

const (
	rejected verdict = iota
	screened
	confirmed
)

// Reduce shrinks the target's files while the run stays interesting:
// ddmin over top-level statements (Python, through the interpreter's own
// ast module) or brace-balanced blocks (C, C++), then over the statements
// or blocks nested inside, then over lines, then simplification passes
// (simpler literal arguments, unused imported names), all to a fixpoint.
// Cancelling ctx stops it with the smallest interesting state so far.
func Reduce(ctx context.Context, t *Target, opt Options) (*Reduction, error) {
	c := t.Run.Case
	names := opt.Files
	if len(names) == 0 {
		names = DefaultFiles(c)
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no file to shrink: the script runs no .py file and builds no C or C++ source (name files with --file)", c.File)
	}
	r := &reducer{t: t, opt: opt, start: time.Now(), seen: map[[32]byte]verdict{}}
	r.opt.Jobs = max(opt.Jobs, 1)
	r.opt.Files = names
	r.files = append([]txtar.File(nil), c.Files...)
	originals := map[string]string{}
	for _, n := range names {
		i := r.index(n)
		if i < 0 {
			return nil, fmt.Errorf("%s has no file %q%s", c.File, n, suggestFile(c.Files, n))
		}
		if !isPython(n) && !isCSource(n) {
			return nil, fmt.Errorf("%s: %s is neither Python nor C/C++ source: reduce shrinks .py, .c, .cpp and their headers", c.File, n)
		}
		originals[n] = string(r.files[i].Data)
	}
	r.seen[r.key(r.files)] = confirmed
	r.settled = r.files
	outer := ctx
	if opt.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeoutCause(ctx, opt.TimeLimit, errTimeLimit)
		defer cancel()
	}
	if slices.ContainsFunc(names, isCSource) {
		check, err := newCompileCheck(c, t.Run.Variant, t.Run.Interp)
		if err != nil {
			return nil, err
		}
		if check != nil {
			defer check.Close()
			// The original was built: a check that says it does not
			// compile is not the build's (another compiler's ways) and
			// would reject everything.
			if cname := names[slices.IndexFunc(names, isCSource)]; check.compiles(ctx, cname, r.files) {
				r.check = check
				check.learnWarnings(ctx, r.files)
			}
		}
	}
	r.calls = newExtensionCalls(c, r.files, names)
	for _, n := range names {
		if isPython(n) {
			py, err := startPyAST(context.WithoutCancel(ctx), t.Run.Interp.Path)
			if err != nil {
				return nil, err
			}
			r.py = py
			defer py.Close()
			break
		}
	}
	for changed := true; changed && r.stop(ctx) == ""; r.round++ {
		changed = false
		for _, n := range names {
			changed = r.shrink(ctx, n) || changed
		}
	}
	r.settle(ctx) // the passes settle as they end; this is for an early stop
	unverified := ""
	if r.key(r.files) != r.key(c.Files) && outer.Err() == nil {
		// Each state was screened and confirmed, but by one run each:
		// the result is what the user takes away, so it is judged again,
		// past the time limit too (only Ctrl-C skips it).
		j := t.Judge(outer, r.files)
		r.runs += j.Runs
		if !j.Interesting && outer.Err() == nil {
			unverified = j.Why
		}
	}
	red := &Reduction{Unverified: unverified, Tests: r.tests, Rejected: r.reject, Uncompiled: r.uncompiled, Unsound: r.unsound, Undone: r.undone, Runs: r.runs, Elapsed: time.Since(r.start), Stopped: r.stopped, Archive: r.files}
	for _, n := range names {
		red.Files = append(red.Files, File{Name: n, Original: originals[n], Reduced: string(r.files[r.index(n)].Data)})
	}
	return red, nil
}

// shrink runs every pass over one file once: statements or blocks, level
// by level from the top, then the simplifications, then lines; true when
// any removed something.
func (r *reducer) shrink(ctx context.Context, name string) bool {
	changed := false
	// pass runs one pass and settles what it took: true when it changed
	// the file, or when settling took a step back (the rounds go on).
	pass := func(took bool) {
		changed = r.settle(ctx) || took || changed
	}
	for depth := 0; r.stop(ctx) == ""; depth++ {
		units := r.unitsAt(name, depth)
		if units == nil {
			break
		}
		pass(r.ddmin(ctx, name, fmt.Sprintf("%s: %s at depth %d", name, unitWord(name), depth), func(src string) []span { return r.unitsFor(name, src, depth) }))
	}
	// The simplifications before the lines: a simpler argument drops the
	// use of a name, and the next round's statements pass the definition,
	// cheaper than lines would have taken it apart.
	if isPython(name) {
		pass(r.simplify(ctx, name))
	}
	if isCSource(name) {
		pass(r.unwrap(ctx, name))
	}
	pass(r.ddmin(ctx, name, name+": lines", lineUnits))
	// The rewrites inside C/C++ lines last: each is a compile, and every
	// line the passes above took is a line whose literals and initialisers
	// need not be tried.
	if isCSource(name) {
		pass(r.firstOf(ctx, name, name+": rewrites inside lines", cSimplifications))
	}
	return changed
}

// unwrap tries removing a block's opening and closing lines and keeping
// what is inside: a `namespace {` … `}` or `extern "C" {` … `}` that ddmin,
// which removes runs of adjacent lines, cannot take apart. Other blocks
// (a function, a struct) would leave their insides where they cannot
// build, so they are not tried: each try is a compile.
func (r *reducer) unwrap(ctx context.Context, name string) bool {
	return r.firstOf(ctx, name, name+": unwrapped blocks", func(src string) []string {
		lines := splitLines(src)
		var cands []string
		for depth := 0; ; depth++ {
			units := cUnits(src, depth)
			if len(units) == 0 {
				return cands
			}
			for _, u := range units {
				first, last := strings.TrimSpace(lines[u.first]), strings.TrimSpace(stripLineComment(lines[u.end-1]))
				opener := strings.HasPrefix(first, "namespace") || strings.HasPrefix(first, "extern")
				if opener && u.end-u.first >= 3 && strings.HasSuffix(first, "{") && (last == "}" || last == "};") {
					cands = append(cands, without(src, []span{{u.first, u.first + 1}, {u.end - 1, u.end}}))
				}
			}
		}
	})
}

// firstOf tries the candidates gen makes from the current source, jobs at
// a time, in order. After an interesting one it makes them again from the
// new source and goes on where it was, as C-Reduce's passes do: gen makes
// its candidates in source order and a rewrite changes one place, so the
// candidates before that place are the ones that just failed, and starting
// over would judge them all again (each is new content, so the verdicts
// kept do not catch them). The rounds of Reduce retry what a rewrite made
// possible further up. gen must make only smaller sources.
func (r *reducer) firstOf(ctx context.Context, name, pass string, gen func(string) []string) bool {
	changed := false
	for at := 0; r.stop(ctx) == ""; {
		cands := gen(r.current(name))
		if at >= len(cands) {
			return changed
		}
		batch := cands[at:min(at+r.opt.Jobs, len(cands))]
		if i := r.firstInteresting(ctx, name, batch, pass); i >= 0 {
			at += i // the winner is gone from the new list: its successor is here
			changed = true
		} else {
			at += len(batch)
		}
	}
	return changed
}

func unitWord(name string) string {
	if isPython(name) {
		return "statements"
	}
	return "blocks"
}

func (r *reducer) unitsAt(name string, depth int) []span {
	return r.unitsFor(name, r.current(name), depth)
}

// unitsFor are a source's units at one depth; nil when there are none (or
// the source cannot be read, which ddmin then leaves to the line pass).
func (r *reducer) unitsFor(name, src string, depth int) []span {
	if isPython(name) {
		u, err := r.py.Units(src, depth)
		if err != nil || len(u) == 0 {
			return nil
		}
		return u
	}
	u := cUnits(src, depth)
	if len(u) == 0 {
		return nil
	}
	return u
}

// ddmin removes chunks of units, halving the chunk size from half the file
// down to one unit. Each sweep goes from the end of the file to its start:
// a statement's users come after it, so they go first and a sweep rarely
// leaves a unit that only a later removal made removable. At one unit a
// single sweep is enough: the rounds of Reduce repeat every pass until
// none removes anything. It judges jobs chunks at a time, each removal
// alone from the current state, and keeps the first interesting one in
// sweep order: the others are speculation, as in C-Reduce.
func (r *reducer) ddmin(ctx context.Context, name, pass string, unitsOf func(string) []span) bool {
	src := r.current(name)
	units := unitsOf(src)
	if len(units) == 0 {
		return false
	}
	changed := false
	chunk := max(len(units)/2, 1)
	if r.round > 0 {
		chunk = 1
	}
	for r.stop(ctx) == "" {
		for end := len(units); end > 0 && r.stop(ctx) == ""; {
			var cands []string
			var firsts []int
			for k := 0; k < r.opt.Jobs && end-k*chunk > 0; k++ {
				b := end - k*chunk
				a := max(b-chunk, 0)
				cands = append(cands, without(src, units[a:b]))
				firsts = append(firsts, a)
			}
			i := r.firstInteresting(ctx, name, cands, pass)
			if i < 0 {
				end = firsts[len(firsts)-1]
				continue
			}
			src = cands[i]
			changed = true
			end = firsts[i] // the units before the removed chunk are as they were
			units = unitsOf(src)
			end = min(end, len(units))
		}
		if chunk == 1 {
			break
		}
		chunk = max(chunk/2, 1)
	}
	return changed
}

// simplify tries the ast helper's simpler sources until none is
// interesting. Each is shorter than the source it came from, so this ends.
func (r *reducer) simplify(ctx context.Context, name string) bool {
	return r.firstOf(ctx, name, name+": simpler literals and imports", func(src string) []string {
		cands, err := r.py.Simplify(src)
		if err != nil {
			return nil
		}
		return cands
	})
}

// firstInteresting screens the candidates for file name at once and makes
// the first that passes, in order, the current state; -1 when none does.
// The state is not confirmed yet: settle does that once a pass is over.
func (r *reducer) firstInteresting(ctx context.Context, name string, cands []string, pass string) int {
	ok := make([]bool, len(cands))
	var wg sync.WaitGroup
	for i, src := range cands {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ok[i] = r.test(ctx, name, src)
		}()
	}
	wg.Wait()
	defer r.progress(pass)
	for i := range cands {
		if ok[i] {
			r.mu.Lock()
			r.files = r.with(name, cands[i])
			r.pending = append(r.pending, r.files)
			r.mu.Unlock()
			return i
		}
	}
	return -1
}

// test screens one candidate, cheaply first: one seen before has its
// verdict, and one that cannot parse is rejected without a run.
func (r *reducer) test(ctx context.Context, name, src string) bool {
	r.mu.Lock()
	files := r.with(name, src)
	key := r.key(files)
	v, seen := r.seen[key]
	stopped := r.stopped
	r.mu.Unlock()
	if seen || stopped != "" {
		r.mu.Lock()
		r.reject++
		r.mu.Unlock()
		return v >= screened && stopped == ""
	}
	if !r.parses(name, src) {
		r.mu.Lock()
		r.reject++
		r.seen[key] = rejected
		r.mu.Unlock()
		return false
	}
	if isPython(name) && !r.calls.kept(name, src) {
		r.rejectUnsound(key)
		return false
	}
	if r.check != nil && isCSource(name) && !r.check.compiles(ctx, name, files) {
		r.mu.Lock()
		r.reject++
		r.uncompiled++
		r.seen[key] = rejected
		r.mu.Unlock()
		return false
	}
	if r.check != nil && isCSource(name) && !r.check.sound(ctx, name, files) && ctx.Err() == nil {
		r.rejectUnsound(key)
		return false
	}
	r.mu.Lock()
	if r.opt.MaxTests > 0 && r.tests >= r.opt.MaxTests {
		r.stopped = fmt.Sprintf("--max-tests %d reached", r.opt.MaxTests)
		r.mu.Unlock()
		return false
	}
	r.tests++
	r.mu.Unlock()
	j := r.t.Screen(ctx, files)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.runs += j.Runs
	if ctx.Err() != nil {
		return false // an interrupted judgment says nothing
	}
	if j.Interesting {
		r.seen[key] = screened
	} else {
		r.seen[key] = rejected
	}
	return j.Interesting
}

// rejectUnsound rejects, without a run, a candidate that changed the
// program's meaning.
func (r *reducer) rejectUnsound(key [32]byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reject++
	r.unsound++
	r.seen[key] = rejected
}

// settle confirms the states a pass took on screening alone (Target.Confirm:
// the debugger's phase and culprit, the fixed variant), the last first:
// usually every step kept the crash, and one confirmation stands for the
// pass's dozen. When the last does not confirm, the steps are bisected to
// the last that does, which becomes the current state, and the step after
// it is not taken again; true then, so that the rounds go on. It is not
// cut short by ctx: the state a reduction stops with must be confirmed,
// and Ctrl-C waits for that (a run or two under the debugger).
func (r *reducer) settle(ctx context.Context) bool {
	ctx = context.WithoutCancel(ctx)
	r.mu.Lock()
	steps := r.pending
	r.pending = nil
	r.mu.Unlock()
	if len(steps) == 0 || r.confirm(ctx, steps[len(steps)-1]) {
		return false
	}
	good, bad := -1, len(steps)-1 // -1: the state before the pass, confirmed
	for bad-good > 1 {
		mid := (good + bad) / 2
		if r.confirm(ctx, steps[mid]) {
			good = mid
		} else {
			bad = mid
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.seen[r.key(steps[bad])] = rejected
	r.undone += len(steps) - 1 - good
	if good >= 0 {
		r.files = steps[good]
	} else {
		r.files = r.settled
	}
	r.settled = r.files
	return true
}

// confirm finishes judging a state that passed screening, once: the
// verdict is kept.
func (r *reducer) confirm(ctx context.Context, files []txtar.File) bool {
	r.mu.Lock()
	key := r.key(files)
	v := r.seen[key]
	r.mu.Unlock()
	if v != screened {
		return v == confirmed
	}
	j := r.t.Confirm(ctx, files)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.runs += j.Runs
	if j.Interesting {
		r.seen[key] = confirmed
		r.settled = files
	} else {
		r.seen[key] = rejected
	}
	return j.Interesting
}

// parses is the check before a run: Python through the interpreter's own
// parser, C and C++ by their brackets and #if groups pairing up.
func (r *reducer) parses(name, src string) bool {
	switch {
	case isPython(name):
		return r.py.Check(src) == nil
	case isCSource(name):
		return cBalanced(src)
	}
	return true
}

// errTimeLimit is the cause of a reduction's context ending at
// Options.TimeLimit, to tell it from Ctrl-C.
var errTimeLimit = errors.New("time limit reached")

// stop says why the reduction must stop now, or "".
func (r *reducer) stop(ctx context.Context) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped == "" && ctx.Err() != nil {
		r.stopped = "interrupted"
		if context.Cause(ctx) == errTimeLimit {
			r.stopped = fmt.Sprintf("--time-limit %s reached", r.opt.TimeLimit)
		}
	}
	return r.stopped
}

func (r *reducer) progress(pass string) {
	if r.opt.Progress == nil {
		return
	}
	r.mu.Lock()
	p := Progress{Tests: r.tests, Elapsed: time.Since(r.start), Pass: pass}
	for _, f := range r.files {
		for _, n := range r.opt.Files {
			if f.Name == n {
				p.Lines += Lines(string(f.Data))
			}
		}
	}
	r.mu.Unlock()
	r.opt.Progress(p)
}

// current is the file's text in the current state.
func (r *reducer) current(name string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return string(r.files[r.index(name)].Data)
}

// with is the current files with one replaced; r.mu is held.
func (r *reducer) with(name, src string) []txtar.File {
	out := append([]txtar.File(nil), r.files...)
	out[r.index(name)] = txtar.File{Name: name, Data: []byte(src)}
	return out
}

func (r *reducer) index(name string) int {
	for i, f := range r.files {
		if f.Name == name {
			return i
		}
	}
	return -1
}

// key identifies a state by the content of every file.
func (r *reducer) key(files []txtar.File) [32]byte {
	h := sha256.New()
	for _, f := range files {
		fmt.Fprintf(h, "%q %d\n", f.Name, len(f.Data))
		h.Write(f.Data)
	}
	var k [32]byte
	copy(k[:], h.Sum(nil))
	return k
}

func isPython(name string) bool { return path.Ext(name) == ".py" }

// suggestFile is ` (did you mean "x"?)` for a misspelt file name.
func suggestFile(files []txtar.File, name string) string {
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	if c := suggest.Closest(name, names, 3); c != "" {
		return fmt.Sprintf(" (did you mean %q?)", c)
	}
	return " (it has " + strings.Join(names, ", ") + ")"
}
