package script

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// moduleAliasDir is where a run's module aliases live, inside $WORK so
// that a confined run reads them too.
const moduleAliasDir = ".cleanexit-module-alias"

// moduleAliasSite is the sitecustomize that makes the aliases of
// ALIASES (case.yaml module-alias) importable: `import mlir.ir` loads
// iree.compiler.ir and binds it under both names. It then takes itself
// off sys.path and runs the sitecustomize it hid, if there is one.
const moduleAliasSite = `# Written by cleanexit for the case's module-alias; not part of the test.
import importlib
import importlib.abc
import importlib.util
import os
import sys

ALIASES = %s


class _Alias(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path=None, target=None):
        for alias, real in ALIASES.items():
            if name == alias or name.startswith(alias + "."):
                return importlib.util.spec_from_loader(name, self, origin=real + name[len(alias):])
        return None

    def create_module(self, spec):
        return importlib.import_module(spec.origin)

    def exec_module(self, module):
        pass


sys.meta_path.insert(0, _Alias())
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != _here]
_self = sys.modules.pop("sitecustomize")
try:
    import sitecustomize  # the environment's own
except ImportError:
    sys.modules["sitecustomize"] = _self  # importlib takes it back from here
`

// moduleAliasEnv writes the run's alias sitecustomize, once, and returns
// env with its folder first on PYTHONPATH; env as it is when the variant
// declares no alias. The folder is $WORK's, wherever the script has cd'd
// to: cleanexit's own write stays beneath $WORK.
func (x *execution) moduleAliasEnv(ts *testscript.TestScript, env []string) []string {
	aliases := x.job.Run.Variant.ModuleAlias
	if len(aliases) == 0 {
		return env
	}
	dir := filepath.Join(ts.Getenv("WORK"), moduleAliasDir)
	site := filepath.Join(dir, "sitecustomize.py")
	if _, err := os.Stat(site); err != nil {
		js, err := json.Marshal(aliases)
		ts.Check(err)
		ts.Check(os.MkdirAll(dir, 0o777))
		ts.Check(os.WriteFile(site, []byte(strings.Replace(moduleAliasSite, "%s", string(js), 1)), 0o666))
	}
	for i, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PYTHONPATH="); ok {
			env[i] = "PYTHONPATH=" + dir + string(os.PathListSeparator) + v
			return env
		}
	}
	return append(env, "PYTHONPATH="+dir)
}
