package cmdflag

import (
	"flag"
	"strings"
)

// List is a flag that may be given more than once.
type List []string

func (l *List) String() string     { return strings.Join(*l, ",") }
func (l *List) Set(s string) error { *l = append(*l, s); return nil }

// Over is a repeatable flag over a list that may hold a variable's values
// already: the flag's first use replaces them when replace is set, else
// each use adds to them (lit's LIT_XFAIL_NOT and --xfail-not add up;
// pip's --find-links overrides PIP_FIND_LINKS).
func Over(list *[]string, replace bool) flag.Value {
	return &overlay{list: list, replace: replace}
}

type overlay struct {
	list           *[]string
	replace, given bool
}

func (l *overlay) String() string {
	if l == nil || l.list == nil {
		return ""
	}
	return strings.Join(*l.list, ",")
}

func (l *overlay) Set(s string) error {
	if l.replace && !l.given {
		*l.list = nil
	}
	l.given = true
	*l.list = append(*l.list, s)
	return nil
}
