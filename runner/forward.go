package runner

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// Forward spells the settings a child cleanexit needs to load and plan
// the same cases from another directory (bisect's step, which git runs in
// a clone) as command-line flags: the corpus, the index and the
// installer, and the builds --override names, local paths made absolute. Selection and run control are
// left out: the child is told which run to make.
func (st Settings) Forward() []string {
	args := []string{"--installer", st.Installer}
	if corpus, err := filepath.Abs(st.Corpus); err == nil {
		args = append(args, "--corpus", corpus)
	}
	findLinks := st.FindLinks
	if wd, err := os.Getwd(); err == nil {
		findLinks = cases.ResolveFindLinks(findLinks, wd)
	}
	for _, fl := range findLinks {
		args = append(args, "--find-links", fl)
	}
	if st.IndexURL != "" {
		args = append(args, "--index-url", st.IndexURL)
	}
	for _, e := range st.ExtraIndex {
		args = append(args, "--extra-index-url", e)
	}
	if st.NoIndex {
		args = append(args, "--no-index")
	}
	if st.Checks != "" {
		args = append(args, "--checks", st.Checks)
	}
	for _, o := range st.Override {
		// NAME=PATH names a build from here; NAME==VERSION from anywhere.
		if name, path, ok := strings.Cut(o, "="); ok && !strings.HasPrefix(path, "=") && path != "" {
			if abs, err := filepath.Abs(path); err == nil {
				o = name + "=" + abs
			}
		}
		args = append(args, "--override", o)
	}
	if st.OverrideAll {
		args = append(args, "--override-all")
	}
	return args
}
