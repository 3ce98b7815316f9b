package envs

import (
	"context"
	"fmt"
)

// PipCommand returns the command line that runs pip for env, which was
// made from spec, and the variables that command needs: a case script's
// `pip` command. The environments hold no pip of their own (see the notes
// on ensurePipCopy), so this is the cache's copy of the base interpreter's
// pip, run by the environment's interpreter. Call release once pip is done.
func (c *Cache) PipCommand(ctx context.Context, env *Env, spec Spec) (argv, vars []string, release func(), err error) {
	c.init()
	if spec.PipDir == "" {
		return nil, nil, nil, fmt.Errorf("%s has no pip to copy", spec.Python)
	}
	dir, release, err := c.ensurePipCopy(ctx, spec)
	if err != nil {
		return nil, nil, nil, err
	}
	return []string{env.Python, "-m", "pip"}, []string{"PYTHONPATH=" + dir, "PIP_DISABLE_PIP_VERSION_CHECK=1", "PIP_NO_INPUT=1"}, release, nil
}
