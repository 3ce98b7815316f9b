package runner

import (
	"fmt"
	"strings"
)

// NothingToRun says which step of the selection left the session without
// a run, or "" when it has runs. A run that judged nothing must not read as
// a green one: a --filter that no longer matches after an interpreter
// upgrade (3.11 becoming 3.11.2 where two 3.11s are found) would otherwise
// keep a CI job green forever.
func (s *Session) NothingToRun() string {
	if len(s.Runs) > 0 {
		return ""
	}
	const prefix = "no run to do: "
	switch {
	case len(s.Cases) == 0:
		where := strings.Join(s.Args, " ")
		if where == "" {
			where = s.Corpus
		}
		return prefix + where + " holds no case"
	case s.Planned == 0:
		return prefix + fmt.Sprintf("the %d cases plan no run on this host", len(s.Cases))
	case s.Pinning == 0:
		var names []string
		for _, b := range s.Builds {
			names = append(names, b.Name)
		}
		return prefix + fmt.Sprintf("none of the %d runs pins %s, which --override replaces", s.Planned, strings.Join(names, " or "))
	case s.Filter != nil && s.Filtered == 0:
		return prefix + fmt.Sprintf("--filter %q matches none of the %d runs (IDs end in an interpreter label such as 3.12, or 3.11.2 where two 3.11s are found: '/3\\.11' matches both; cleanexit list shows the IDs)", s.Filter, s.Pinning)
	case s.FilterOut != nil && s.Selected == 0:
		return prefix + fmt.Sprintf("--filter-out %q leaves none of the %d runs", s.FilterOut, s.Filtered)
	case s.Shard.Count > 1:
		return prefix + fmt.Sprintf("--shard %s leaves none of the %d runs", s.Shard, s.Selected)
	}
	return prefix + "the selection leaves no run"
}
