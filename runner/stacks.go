package runner

import (
	"os"
	"path/filepath"
)

// stacksHook is a .pth line that makes every interpreter of an environment
// dump all its threads' stacks on SIGUSR1. A hung run is asked for them
// before it is killed, so that a TIMEOUT shows where every thread was. A
// .pth file, not sitecustomize or PYTHONPATH, because it changes nothing
// a case can see: no module shadowed, no sys.path entry.
const stacksHook = "import faulthandler, signal; hasattr(signal, 'SIGUSR1') and faulthandler.register(signal.SIGUSR1, all_threads=True)\n"

const stacksHookFile = "_cleanexit_stacks.pth"

// installStacksHook writes the hook into the environment's site-packages
// once. It is written atomically (temp file, rename), so concurrent runs
// sharing the environment never see half a file.
func installStacksHook(envDir string) error {
	sites, _ := filepath.Glob(filepath.Join(envDir, "lib", "python*", "site-packages"))
	if win := filepath.Join(envDir, "Lib", "site-packages"); len(sites) == 0 {
		if _, err := os.Stat(win); err == nil {
			sites = []string{win}
		}
	}
	for _, site := range sites {
		target := filepath.Join(site, stacksHookFile)
		if _, err := os.Stat(target); err == nil {
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
	return nil
}
