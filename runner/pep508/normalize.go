package pep508

import "strings"

// Normalize returns the PEP 503 form of a project or extra name: lowercase,
// with each run of "-", "_" and "." replaced by one "-". pip treats names
// that normalize alike as the same project ("Foo.Bar" and "foo-bar").
func Normalize(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	inRun := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '-' || c == '_' || c == '.' {
			if !inRun {
				b.WriteByte('-')
			}
			inRun = true
			continue
		}
		inRun = false
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b.WriteByte(c)
	}
	return b.String()
}
