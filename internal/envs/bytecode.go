package envs

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"

	"github.com/cleanexit/cleanexit/internal/atomicfile"
	"github.com/cleanexit/cleanexit/internal/sealed"
)

// Cases run with PYTHONDONTWRITEBYTECODE in environments they may not
// change, so an environment gets its byte code when it is built, or every
// run compiles again what it imports. uv compiles everything it installed
// (--compile-bytecode), the same files again in every environment that
// installs the same wheels: a tenth of a second for mlx, many seconds for
// torch. So cleanexit's uv builds compile through a cache of their own,
// Root/installers/uv-bytecode: one compiled module per (interpreter, source
// content), written into each environment with that environment's source
// time and size in its header, as the import system checks them. It is
// part of uv's sealed cache (installercache.go): a planted entry clears it.
// Each entry is sealed too (internal/sealed), for the rewrite the folder's
// record cannot see.
// pip builds compile as pip installs; pip's cache stays pip's alone.

// uvBytecodeDir is the compiled-module cache of uv builds.
func (c *Cache) uvBytecodeDir() string { return filepath.Join(c.installersDir(), "uv-bytecode") }

// bytecodeCompiler is what one interpreter's compiled modules are: its
// cache tag (the .pyc name's middle, "cpython-312"), its magic number, and
// where the source time sits in the header (8 since PEP 552, in 3.7; 4
// before). The interpreter says all three once, and the cache keeps them.
type bytecodeCompiler struct {
	tag       string
	magic     []byte
	mtimeAt   int
	headerLen int
}

// compileScript compiles the files named in the file argv[1] names (NUL
// between them) and prints what it is, then "ok N" for each file N it
// compiled. A file that does not compile (Python 2 syntax in a package's
// test data, say) is left without byte code, as uv leaves it. It does what
// py_compile does (a timestamp .pyc, written whole or not at all) with the
// import system's own module, already loaded: py_compile's imports
// (traceback, enum, tokenize) cost each process 0.02 s, a quarter of its
// share of mlx's compile.
const compileScript = `
import marshal, os, sys
import _frozen_importlib_external as ext
magic = ext.MAGIC_NUMBER
flags = b"\0\0\0\0" if sys.version_info >= (3, 7) else b""
print("compiler %s %s %d" % (sys.implementation.cache_tag, magic.hex(), 8 if flags else 4))
with open(sys.argv[1], "rb") as f:
    names = f.read().split(b"\0")
for i, name in enumerate(names):
    tmp = None
    try:
        path = os.fsdecode(name)
        with open(path, "rb") as f:
            data = f.read()
        st = os.stat(path)
        code = compile(data, path, "exec", dont_inherit=True)
        pyc = magic + flags + (int(st.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little") + (st.st_size & 0xFFFFFFFF).to_bytes(4, "little") + marshal.dumps(code)
        cfile = ext.cache_from_source(path)
        os.makedirs(os.path.dirname(cfile), exist_ok=True)
        tmp = "%s.%d" % (cfile, os.getpid())
        with open(tmp, "wb") as f:
            f.write(pyc)
        os.replace(tmp, cfile)
    except Exception:
        if tmp and os.path.exists(tmp):
            os.remove(tmp)
        continue
    print("ok %d" % i)
`

// compileBytecode gives every module under the venv's site-packages its
// compiled form: from the cache where it holds the module's source, else
// compiled by the venv's interpreter (two at a time on two cores) and kept.
func (c *Cache) compileBytecode(ctx context.Context, a *assembly) error {
	sources, err := pythonSources(a.venv)
	if err != nil || len(sources) == 0 {
		return err
	}
	dir := filepath.Join(c.uvBytecodeDir(), shortHash(a.spec.Python, a.spec.PythonKey, a.spec.PythonVersion))
	comp, _ := readCompiler(dir)
	var missing []source
	for _, s := range sources {
		if comp == nil || !comp.place(dir, s) {
			missing = append(missing, s)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	comp, compiled, err := c.compileSources(ctx, a, missing)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	if err := writeSealed(filepath.Join(dir, "compiler"), []byte(comp.String())); err != nil {
		return err
	}
	for _, s := range compiled {
		data, err := os.ReadFile(comp.pycPath(s.path))
		if err != nil {
			return err
		}
		entry := comp.entryPath(dir, s.sum)
		if err := os.MkdirAll(filepath.Dir(entry), 0o777); err != nil {
			return err
		}
		if err := writeSealed(entry, data); err != nil {
			return err
		}
	}
	return nil
}

// A source is one module file of an environment, its content's hash, and
// the time and size its compiled form's header must carry.
type source struct {
	path  string
	sum   [sha256.Size]byte
	mtime uint32
	size  uint32
}

// pythonSources lists the .py files under the venv's site-packages, as uv's
// --compile-bytecode compiles them, with what the cache needs of each.
func pythonSources(venv string) ([]source, error) {
	var out []source
	for _, root := range sitePackagesDirs(venv) {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			switch {
			case err != nil:
				return err
			case d.IsDir() && d.Name() == "__pycache__":
				return filepath.SkipDir
			case !d.Type().IsRegular() || !strings.HasSuffix(d.Name(), ".py") || strings.ContainsRune(path, '\n'):
				return nil
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			s := source{path: path, sum: sha256.Sum256(data), size: uint32(len(data))}
			if t := info.ModTime().Unix(); t >= 0 {
				// What the import system compares: int(st_mtime) & 0xFFFFFFFF.
				s.mtime = uint32(t)
			}
			out = append(out, s)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// compileSources compiles missing with the venv's interpreter, split among
// one process per CPU (a process starts in about 20 ms, so each gets at
// least 8 files: mlx's 32 take 0.1 s in one), and returns what the interpreter said it is and the
// sources it compiled.
func (c *Cache) compileSources(ctx context.Context, a *assembly, missing []source) (*bytecodeCompiler, []source, error) {
	workers := min(runtime.NumCPU(), (len(missing)+7)/8)
	per := (len(missing) + workers - 1) / workers
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		comp     *bytecodeCompiler
		compiled []source
		errs     = make([]error, workers)
	)
	for w := range workers {
		if w*per >= len(missing) {
			break
		}
		chunk := missing[w*per : min(len(missing), (w+1)*per)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			names := make([]string, len(chunk))
			for i, s := range chunk {
				names[i] = s.path
			}
			list := filepath.Join(a.tmp, fmt.Sprintf("compile-%d.list", w))
			if errs[w] = os.WriteFile(list, []byte(strings.Join(names, "\x00")), 0o666); errs[w] != nil {
				return
			}
			out, err := c.runOutput(ctx, a.key, compileArgs(a.venv, list), a.environ, a.tmp)
			if err != nil {
				errs[w] = err
				return
			}
			got, ok, err := parseCompileOutput(out, chunk)
			mu.Lock()
			defer mu.Unlock()
			if errs[w] = err; err == nil {
				comp = got
				compiled = append(compiled, ok...)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, nil, err
		}
	}
	return comp, compiled, nil
}

// compileArgs compiles the files list names with the venv's interpreter.
// -E -s -S: no caller's PYTHON*, no user site, no site module: the
// compiler needs only the import system.
func compileArgs(venv, list string) []string {
	return []string{venvPython(venv), "-E", "-s", "-S", "-c", compileScript, list}
}

// parseCompileOutput reads what compileScript printed for chunk.
func parseCompileOutput(out string, chunk []source) (*bytecodeCompiler, []source, error) {
	var comp *bytecodeCompiler
	var ok []source
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if rest, found := strings.CutPrefix(line, "compiler "); found && comp == nil {
			var err error
			if comp, err = parseCompiler(rest); err != nil {
				return nil, nil, err
			}
		} else if n, found := strings.CutPrefix(line, "ok "); found && comp != nil {
			i, err := strconv.Atoi(n)
			if err != nil || i < 0 || i >= len(chunk) {
				return nil, nil, fmt.Errorf("envs: compiling byte code: unexpected line %q", line)
			}
			ok = append(ok, chunk[i])
		} else {
			return nil, nil, fmt.Errorf("envs: compiling byte code: unexpected output:\n%s", out)
		}
	}
	if comp == nil {
		return nil, nil, fmt.Errorf("envs: compiling byte code: the interpreter did not say what it compiles for:\n%s", out)
	}
	return comp, ok, nil
}

// parseCompiler reads "TAG MAGIC MTIMEAT", as compileScript prints it and
// the cache's compiler file keeps it.
func parseCompiler(s string) (*bytecodeCompiler, error) {
	f := strings.Fields(s)
	if len(f) != 3 {
		return nil, fmt.Errorf("envs: %q does not say what byte code is", s)
	}
	magic, err := hex.DecodeString(f[1])
	at, err2 := strconv.Atoi(f[2])
	if err != nil || err2 != nil || len(magic) != 4 || (at != 4 && at != 8) || strings.ContainsAny(f[0], `/\.`) {
		return nil, fmt.Errorf("envs: %q does not say what byte code is", s)
	}
	return &bytecodeCompiler{tag: f[0], magic: magic, mtimeAt: at, headerLen: at + 8}, nil
}

// readCompiler reads the compiler file of a cache folder; nil when there is
// none, or none that makes sense: then every module is compiled again.
func readCompiler(dir string) (*bytecodeCompiler, error) {
	data, intact, err := sealed.ReadIntact(filepath.Join(dir, "compiler"))
	if err != nil {
		return nil, err
	} else if !intact {
		return nil, fmt.Errorf("envs: %s is not what cleanexit wrote", filepath.Join(dir, "compiler"))
	}
	return parseCompiler(strings.TrimSpace(string(data)))
}

func (b *bytecodeCompiler) String() string {
	return fmt.Sprintf("%s %x %d\n", b.tag, b.magic, b.mtimeAt)
}

// pycPath is where the import system looks for src's compiled form, as
// importlib.util.cache_from_source names it.
func (b *bytecodeCompiler) pycPath(src string) string {
	dir, base := filepath.Split(src)
	return filepath.Join(dir, "__pycache__", strings.TrimSuffix(base, ".py")+"."+b.tag+".pyc")
}

// entryPath is the cache's file for the source whose content hashes to sum.
func (b *bytecodeCompiler) entryPath(dir string, sum [sha256.Size]byte) string {
	h := hex.EncodeToString(sum[:])
	return filepath.Join(dir, h[:2], h)
}

// place writes s's compiled form from the cache, with s's own time and size
// in the header, and reports whether the cache had it. An entry is used
// only as its seal says it was written: the folder's record sees a file
// planted or rewritten with another size or time, but not one rewritten
// in place at its size with its times set back (run_uv_cache_poisoned,
// g-inplace).
func (b *bytecodeCompiler) place(dir string, s source) bool {
	data, intact, err := sealed.ReadIntact(b.entryPath(dir, s.sum))
	if err != nil || !intact || len(data) <= b.headerLen || string(data[:4]) != string(b.magic) {
		return false
	}
	binary.LittleEndian.PutUint32(data[b.mtimeAt:], s.mtime)
	binary.LittleEndian.PutUint32(data[b.mtimeAt+4:], s.size)
	pyc := b.pycPath(s.path)
	if os.MkdirAll(filepath.Dir(pyc), 0o777) != nil {
		return false
	}
	return os.WriteFile(pyc, data, 0o666) == nil
}

// writeSealed writes one file of the cache, and its seal.
func writeSealed(path string, data []byte) error {
	if err := atomicfile.WriteUnsynced(path, data, 0o666); err != nil {
		return err
	}
	return sealed.Seal(path)
}
