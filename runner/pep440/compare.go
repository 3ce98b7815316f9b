package pep440

import "cmp"

// Compare orders versions as PEP 440 does and returns -1, 0 or +1.
// Trailing zeros in the release do not count (1.0 == 1.0.0); within one
// release, a development release comes first, then pre-releases, the final
// release, local variants of it, and post-releases:
//
//	1.0.dev0 < 1.0a1 < 1.0 < 1.0+abc.5 < 1.0+5 < 1.0.post1
func Compare(a, b Version) int {
	if c := cmp.Compare(a.epoch, b.epoch); c != 0 {
		return c
	}
	if c := compareRelease(a.release, b.release); c != 0 {
		return c
	}
	if c := cmp.Compare(a.preRank(), b.preRank()); c != 0 {
		return c
	}
	if a.pre != preNone {
		if c := cmp.Compare(a.preN, b.preN); c != 0 {
			return c
		}
	}
	// No post-release sorts before any post-release.
	if c := compareOptional(a.hasPost, a.post, b.hasPost, b.post); c != 0 {
		return c
	}
	// No dev release sorts after any dev release.
	switch {
	case a.hasDev && b.hasDev:
		if c := cmp.Compare(a.dev, b.dev); c != 0 {
			return c
		}
	case a.hasDev:
		return -1
	case b.hasDev:
		return 1
	}
	return compareLocal(a.local, b.local)
}

// preRank places a version's pre-release phase: a bare dev release
// (1.0.dev0) before every pre-release, a final or post-release after.
func (v Version) preRank() int {
	switch {
	case v.pre != preNone:
		return int(v.pre)
	case v.hasDev && !v.hasPost:
		return -1
	default:
		return int(preRC) + 1
	}
}

// compareOptional orders a missing value before any present one.
func compareOptional(aHas bool, a uint64, bHas bool, b uint64) int {
	switch {
	case aHas && bHas:
		return cmp.Compare(a, b)
	case aHas:
		return 1
	case bHas:
		return -1
	}
	return 0
}

// compareRelease compares as if the shorter release were padded with zeros.
func compareRelease(a, b []uint64) int {
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y uint64
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if c := cmp.Compare(x, y); c != 0 {
			return c
		}
	}
	return 0
}

// compareLocal follows PEP 440: no label sorts first; segment by segment,
// numbers compare numerically and after any alphanumeric segment, which
// compare as strings; a label that is a prefix of another sorts first.
func compareLocal(a, b []string) int {
	for i := 0; i < min(len(a), len(b)); i++ {
		x, y := a[i], b[i]
		xNum, yNum := isNumeric(x), isNumeric(y)
		switch {
		case xNum && yNum:
			// Leading zeros are gone, so a longer number is larger.
			if c := cmp.Compare(len(x), len(y)); c != 0 {
				return c
			}
		case xNum:
			return 1
		case yNum:
			return -1
		}
		if c := cmp.Compare(x, y); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

func isNumeric(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return s != ""
}
