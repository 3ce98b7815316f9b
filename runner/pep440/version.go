package pep440

import (
	"strconv"
	"strings"
)

// Version is a parsed PEP 440 version. The zero Version is "0".
//
// Fields stay unexported so that every Version is one ParseVersion produced:
// normalized, with leading zeros gone from the local label, and safe to order
// with Compare.
type Version struct {
	epoch   uint64
	release []uint64
	pre     preKind
	preN    uint64
	hasPost bool
	post    uint64
	hasDev  bool
	dev     uint64
	local   []string // lowercase; numeric segments without leading zeros
}

// preKind orders the pre-release phases; its zero value means "none".
type preKind uint8

const (
	preNone preKind = iota
	preAlpha
	preBeta
	preRC
)

var preSpelling = [...]string{preNone: "", preAlpha: "a", preBeta: "b", preRC: "rc"}

// String returns the normalized form, e.g. "1!2.0rc1.post2.dev3+ubuntu.1".
func (v Version) String() string {
	var b strings.Builder
	if v.epoch != 0 {
		b.WriteString(strconv.FormatUint(v.epoch, 10))
		b.WriteByte('!')
	}
	if len(v.release) == 0 {
		b.WriteByte('0')
	}
	for i, n := range v.release {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.FormatUint(n, 10))
	}
	if v.pre != preNone {
		b.WriteString(preSpelling[v.pre])
		b.WriteString(strconv.FormatUint(v.preN, 10))
	}
	if v.hasPost {
		b.WriteString(".post")
		b.WriteString(strconv.FormatUint(v.post, 10))
	}
	if v.hasDev {
		b.WriteString(".dev")
		b.WriteString(strconv.FormatUint(v.dev, 10))
	}
	if len(v.local) > 0 {
		b.WriteByte('+')
		b.WriteString(strings.Join(v.local, "."))
	}
	return b.String()
}

// IsPrerelease reports whether v is an alpha, beta, release candidate or
// development release; PEP 440 excludes these from specifiers by default.
func (v Version) IsPrerelease() bool { return v.pre != preNone || v.hasDev }

// isPostrelease matters to ">": >1.0 must not admit 1.0.post1.
func (v Version) isPostrelease() bool { return v.hasPost }

// Release returns the release numbers, e.g. [3 12 1] for 3.12.1rc2.
// Callers use it to name an interpreter by its minor version.
func (v Version) Release() []uint64 {
	if len(v.release) == 0 {
		return []uint64{0}
	}
	return append([]uint64(nil), v.release...)
}

// Public returns v without its local label ("1.0+cpu" -> "1.0"), the part
// that ordered comparisons and plain == look at.
func (v Version) Public() Version {
	v.local = nil
	return v
}
