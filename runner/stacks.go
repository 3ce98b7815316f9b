package runner

import (
	"bytes"
	"os"
	"path/filepath"
	"sync"
)

// stacksHook is a .pth line that makes every interpreter of an environment
// dump all its threads' stacks on SIGUSR1. A hung run is asked for them
// before it is killed, so that a TIMEOUT shows where every thread was. A
// .pth file, not sitecustomize or PYTHONPATH, because it changes nothing
// a case can see: no module shadowed, no sys.path entry.
//
// It imports the C module _signal, not signal: signal pulls in enum,
// functools and collections, about 4 ms of every interpreter start (half
// a trivial case's run, measured with -X importtime), while _signal and
// faulthandler are built in. _signal has existed since Python 3.5; venvs
// need 3.3+, and the .pth line is skipped quietly where it is missing.
const stacksHook = "import faulthandler, _signal; hasattr(_signal, 'SIGUSR1') and faulthandler.register(_signal.SIGUSR1, all_threads=True)\n"

const stacksHookFile = "_cleanexit_stacks.pth"

// stacksHooked holds the environment folders whose hook this process has
// already checked: the hook is checked once per environment per process,
// not once per run (a Glob and a read that a warm run need not pay).
var stacksHooked sync.Map // env dir -> struct{}

// installStacksHook writes the hook into the environment's site-packages
// once. It is written atomically (temp file, rename), so concurrent runs
// sharing the environment never see half a file. A hook from an older
// cleanexit (a different line) is replaced.
func installStacksHook(envDir string) error {
	if _, done := stacksHooked.Load(envDir); done {
		return nil
	}
	sites, _ := filepath.Glob(filepath.Join(envDir, "lib", "python*", "site-packages"))
	if win := filepath.Join(envDir, "Lib", "site-packages"); len(sites) == 0 {
		if _, err := os.Stat(win); err == nil {
			sites = []string{win}
		}
	}
	for _, site := range sites {
		target := filepath.Join(site, stacksHookFile)
		if old, err := os.ReadFile(target); err == nil && bytes.Equal(old, []byte(stacksHook)) {
			continue
		}
		tmp, err := os.CreateTemp(site, ".cleanexit-stacks-*")
		if err != nil {
			return err
		}
		if _, err := tmp.WriteString(stacksHook); err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
			return err
		}
		tmp.Close()
		if err := os.Rename(tmp.Name(), target); err != nil {
			os.Remove(tmp.Name())
			return err
		}
	}
	stacksHooked.Store(envDir, struct{}{})
	return nil
}
