// Package suggest finds the word a user probably meant, for the "did you
// mean SIGABRT?" part of an error message. Every parser in cleanexit that
// rejects a name (keys, signals, features, markers, file names) uses it, so
// that the suggestions are alike everywhere.
package suggest

// Distance is the Levenshtein distance between a and b, in bytes.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Closest returns the candidate nearest to word within maxDist edits, the
// first one on a tie, or "" when none is that near.
func Closest(word string, candidates []string, maxDist int) string {
	best, bestDist := "", maxDist+1
	for _, c := range candidates {
		if d := Distance(word, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}
