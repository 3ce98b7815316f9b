package runner

import (
	"os"

	"github.com/cleanexit/cleanexit/runner/cases"
)

// Check loads and validates the cases the config names without discovering
// interpreters or running anything: the PR gate, and fast.
func Check(cfg Config) ([]*cases.Case, error) {
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	if cfg.Corpus == "" {
		cfg.Corpus = "corpus"
	}
	_, cs, err := loadCases(cfg)
	return cs, err
}
