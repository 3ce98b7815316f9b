package pep440

import "fmt"

// SpecifierError says which clause of a specifier is wrong and why. Offset
// lets a caller that embeds the specifier in a longer line (a PEP 508
// requirement, a case file) point at the clause itself.
type SpecifierError struct {
	Spec   string // the whole specifier as given
	Clause string // the offending clause, trimmed; "" for an empty clause
	Offset int    // byte offset in Spec where the problem starts
	Msg    string // what is wrong, e.g. `expected version after "=="`
}

func (e *SpecifierError) Error() string {
	if e.Clause == "" {
		return fmt.Sprintf("pep440: invalid specifier %q: %s", e.Spec, e.Msg)
	}
	return fmt.Sprintf("pep440: invalid specifier %q: clause %q: %s", e.Spec, e.Clause, e.Msg)
}
