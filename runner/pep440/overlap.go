package pep440

// Overlap returns a final release that both a and b admit, and whether
// there is one: two entries of a case's version matrix that overlap
// would give one version two expected ends.
//
// The versions admitted by a specifier form intervals whose ends are its
// clauses' versions, so two specifiers share a version if and only if
// they share one at, or just beside, an end of either: Overlap tries each
// clause's version, its release prefixes, and their neighbours below and
// above (2.0 → 1.999999, 2.0.1, 2.1, …), as final releases.
func Overlap(a, b Specifier) (Version, bool) {
	// The clauses' own versions first: the witness an error names is
	// then one the case wrote.
	var candidates []Version
	for _, s := range []Specifier{a, b} {
		for _, c := range s.clauses {
			candidates = append(candidates, Version{epoch: c.version.epoch, release: c.version.release})
		}
	}
	for _, s := range []Specifier{a, b} {
		for _, c := range s.clauses {
			candidates = append(candidates, neighbours(c.version)...)
		}
	}
	candidates = append(candidates, Version{release: []uint64{0}}, Version{release: []uint64{maxComponent}})
	for _, v := range candidates {
		if a.Contains(v, false) && b.Contains(v, false) {
			return v, true
		}
	}
	return Version{}, false
}

// maxComponent stands for "far above": no release number in use is near it.
const maxComponent = 999999

// neighbours are the final releases at and beside v's release and its
// prefixes, in v's epoch.
func neighbours(v Version) []Version {
	var out []Version
	for i := range v.release {
		for _, d := range []int{-1, 0, 1} {
			n := int64(v.release[i]) + int64(d)
			if n < 0 {
				continue
			}
			prefix := append(append([]uint64(nil), v.release[:i]...), uint64(n))
			for _, tail := range [][]uint64{nil, {1}, {maxComponent}} {
				out = append(out, Version{epoch: v.epoch, release: append(append([]uint64(nil), prefix...), tail...)})
			}
		}
	}
	return out
}

// Exact is the one version s admits when it is a single == clause
// (==0.32.1, not ==0.32.* nor a range).
func (s Specifier) Exact() (Version, bool) {
	if len(s.clauses) != 1 || s.clauses[0].op != opEqual || s.clauses[0].wildcard {
		return Version{}, false
	}
	return s.clauses[0].version, true
}
