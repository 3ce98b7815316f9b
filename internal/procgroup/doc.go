// Package procgroup starts a command in a process group of its own, so
// that killing it kills everything it started and did not move away: a
// PEP 517 build backend below pip, a grandchild of an interpreter being
// identified, a case's subprocess below python.
//
// Non-goal: processes that leave the group (a new session, a double
// fork). Within a run, internal/script finds those by other means.
package procgroup
