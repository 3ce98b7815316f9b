package forensics

import "fmt"

// When a python run is repeated under the debugger (`--backtrace` and
// `backtrace:` in case.yaml and corpus.yaml).
const (
	ModeOff    = "off"    // never
	ModeCrash  = "crash"  // when the run died by a signal or printed a fatal signature (the default)
	ModeAlways = "always" // after every run, crashed or not
)

// ParseMode checks a backtrace mode.
func ParseMode(s string) error {
	switch s {
	case ModeOff, ModeCrash, ModeAlways:
		return nil
	}
	return fmt.Errorf("want off, crash or always, not %q", s)
}
