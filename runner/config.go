package runner

import (
	"os"
	"strings"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// ConfigFromEnv is the config the CLEANEXIT_* environment variables give:
// the same settings as the CLI's flags, for `go test ./corpus/...` where
// there are no flags to give.
//
//	CLEANEXIT_CORPUS      corpus root
//	CLEANEXIT_FIND_LINKS  wheel folders or URLs, a path list
//	CLEANEXIT_INDEX_URL   package index
//	CLEANEXIT_NO_INDEX    non-empty: local sources only
//	CLEANEXIT_INSTALLER   auto, pip or uv
//	CLEANEXIT_CACHE       the cache root (see cache.Default)
//	CLEANEXIT_BACKTRACE   off, crash or always: when a crash is rerun under the debugger
func ConfigFromEnv(getenv func(string) string) Config {
	if getenv == nil {
		getenv = os.Getenv
	}
	cfg := Config{
		Corpus:    getenv("CLEANEXIT_CORPUS"),
		Installer: getenv("CLEANEXIT_INSTALLER"),
		Backtrace: getenv("CLEANEXIT_BACKTRACE"),
		Getenv:    getenv,
		Index: cases.Index{
			URL:     getenv("CLEANEXIT_INDEX_URL"),
			NoIndex: getenv("CLEANEXIT_NO_INDEX") != "",
		},
	}
	if fl := getenv("CLEANEXIT_FIND_LINKS"); fl != "" {
		cfg.Index.FindLinks = strings.Split(fl, string(os.PathListSeparator))
	}
	if cfg.Installer == "" {
		cfg.Installer = "auto"
	}
	return cfg
}
