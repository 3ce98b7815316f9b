package runner

import (
	"os/exec"
	"strings"
)

// compiledFromSource keeps, of the files a run wrote below a standard
// library, those that are not what the interpreter itself writes when it
// compiles a module: a run that imports a stdlib module whose .pyc is
// missing or stale writes one, which is no change to the library, while a
// planted .pyc (code that is not its source's) is. python, the library's
// interpreter, compiles each .pyc's source and compares the code objects;
// a file that is gone (Python's temporary name, renamed into place) is no
// change either. Anything it cannot show to be its own is kept.
func compiledFromSource(python string, wrote []string) []string {
	var pycs []string
	for _, p := range wrote {
		if isBytecodeName(p) {
			pycs = append(pycs, p)
		}
	}
	if len(pycs) == 0 || python == "" {
		return wrote
	}
	// -E -s -S -B: no caller's PYTHON*, no user site, no site module (a
	// planted sitecustomize.py that calls os._exit(0) would otherwise end
	// the check before it says anything), and nothing written while it
	// checks; 2.7 knows all four.
	cmd := exec.Command(python, "-E", "-s", "-S", "-B", "-c", bytecodeCheck)
	cmd.Env = []string{"PATH=/usr/bin:/bin"}
	cmd.Stdin = strings.NewReader(strings.Join(pycs, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		return wrote
	}
	own := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if line != "" {
			own[line] = true
		}
	}
	var kept []string
	for _, p := range wrote {
		if !own[p] {
			kept = append(kept, p)
		}
	}
	return kept
}

// isBytecodeName is a compiled module's name, or the folder Python keeps
// them in, or the temporary name Python writes one under before renaming
// it (x.pyc.139953166241104).
func isBytecodeName(p string) bool {
	base := p[strings.LastIndexAny(p, `/\`)+1:]
	if base == "__pycache__" {
		return true
	}
	name, _, _ := strings.Cut(base, ".pyc.")
	return strings.HasSuffix(base, ".pyc") || strings.HasSuffix(base, ".pyo") || name != base
}

// bytecodeCheck reads paths, one a line, and prints those that are the
// interpreter's own: a file that is gone, a __pycache__ folder holding
// only its own files, a .pyc whose code equals its source's compiled, or
// one in __pycache__ with no source, which no import reads (another
// session's copy of the library may compile a module the library lacks
// into a __pycache__ it links). A .pyc beside where its source would be,
// with none, is imported: it is kept.
const bytecodeCheck = `
import marshal, os, sys
if sys.version_info[0] >= 3:
    import importlib.util
    magic = importlib.util.MAGIC_NUMBER
    def source(p):
        return importlib.util.source_from_cache(p)
    header = 16 if sys.version_info >= (3, 7) else 12
else:
    import imp
    magic = imp.get_magic()
    def source(p):
        if not p.endswith(".pyc"):
            raise ValueError(p)
        return p[:-1]
    header = 8
def opt(p):
    parts = os.path.basename(p).split(".")
    for part in parts:
        if part.startswith("opt-") and part[4:].isdigit():
            return int(part[4:])
    return 0
def own(p):
    if not os.path.lexists(p):
        return True
    if os.path.isdir(p) and not os.path.islink(p):
        if os.path.basename(p) != "__pycache__":
            return False
        return all(own(os.path.join(p, n)) for n in os.listdir(p))
    if os.path.islink(p) or not os.path.isfile(p):
        return False
    src = source(p)
    if os.path.basename(os.path.dirname(p)) == "__pycache__" and not os.path.exists(src):
        return True  # never imported: Python reads __pycache__ only for a source
    with open(p, "rb") as f:
        data = f.read()
    if data[:4] != magic:
        return False
    code = marshal.loads(data[header:])
    with open(src, "rb") as f:
        text = f.read()
    if sys.version_info[0] >= 3:
        ref = compile(text, src, "exec", dont_inherit=True, optimize=opt(p))
    else:
        ref = compile(text, src, "exec", 0, True)
    return code == ref
for line in sys.stdin:
    p = line.rstrip("\n")
    try:
        ok = own(p)
    except Exception:
        ok = False
    if ok:
        sys.stdout.write(p + "\n")
`
