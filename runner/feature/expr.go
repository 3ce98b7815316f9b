package feature

import (
	"slices"
	"strings"
)

// Expr is a parsed feature expression.
type Expr interface {
	// Eval reports whether the expression holds when has reports which
	// features are available. A nil has means no feature is available.
	Eval(has func(name string) bool) bool
	// String is a canonical spelling that Parse reads back to the same Expr:
	// single spaces around && and ||, parentheses only where needed.
	String() string
	// Names returns every feature name used, sorted, without duplicates, so
	// that a caller can check them all with Known.
	Names() []string
}

// anything is "*", true everywhere.
type anything struct{}

// name is one feature.
type name string

// not negates its operand.
type not struct{ x Expr }

// and holds when all of its (two or more) operands hold.
type and []Expr

// or holds when any of its (two or more) operands holds.
type or []Expr

func (anything) Eval(func(string) bool) bool { return true }
func (n name) Eval(has func(string) bool) bool {
	return has != nil && has(string(n))
}
func (n not) Eval(has func(string) bool) bool { return !n.x.Eval(has) }
func (a and) Eval(has func(string) bool) bool {
	for _, x := range a {
		if !x.Eval(has) {
			return false
		}
	}
	return true
}
func (o or) Eval(has func(string) bool) bool {
	for _, x := range o {
		if x.Eval(has) {
			return true
		}
	}
	return false
}

func (anything) String() string { return "*" }
func (n name) String() string   { return string(n) }
func (n not) String() string {
	switch n.x.(type) {
	case and, or:
		return "!(" + n.x.String() + ")"
	}
	return "!" + n.x.String()
}
func (a and) String() string {
	parts := make([]string, len(a))
	for i, x := range a {
		parts[i] = x.String()
		if _, isOr := x.(or); isOr {
			parts[i] = "(" + parts[i] + ")"
		}
	}
	return strings.Join(parts, " && ")
}
func (o or) String() string {
	parts := make([]string, len(o))
	for i, x := range o {
		parts[i] = x.String()
	}
	return strings.Join(parts, " || ")
}

func (anything) Names() []string { return nil }
func (n name) Names() []string   { return []string{string(n)} }
func (n not) Names() []string    { return n.x.Names() }
func (a and) Names() []string    { return namesOf(a) }
func (o or) Names() []string     { return namesOf(o) }

func namesOf(xs []Expr) []string {
	var names []string
	for _, x := range xs {
		names = append(names, x.Names()...)
	}
	slices.Sort(names)
	return slices.Compact(names)
}
