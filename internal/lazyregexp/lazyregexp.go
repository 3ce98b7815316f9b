// Package lazyregexp is a regexp compiled on its first use, not at
// program start.
//
// A package-level regexp.MustCompile runs in every invocation of every
// command that links the package: cleanexit's 58 took about a third of its
// start-up before main (GODEBUG=inittrace=1), most of them for crashes,
// debugger output and authoring that a run of clean exits never meets.
// The model is cmd/go's internal/lazyregexp. In a test binary each
// pattern is compiled at once, so that a bad one still fails at init.
package lazyregexp

import (
	"os"
	"regexp"
	"strings"
	"sync"
)

// Regexp is a regexp.Regexp compiled when first used.
type Regexp struct {
	str  string
	once sync.Once
	rx   *regexp.Regexp
}

func (r *Regexp) re() *regexp.Regexp {
	r.once.Do(func() { r.rx = regexp.MustCompile(r.str) })
	return r.rx
}

var inTest = len(os.Args) > 0 && strings.HasSuffix(strings.TrimSuffix(os.Args[0], ".exe"), ".test")

// New is the regexp str, compiled on first use; like regexp.MustCompile,
// using it panics if str does not parse.
func New(str string) *Regexp {
	r := &Regexp{str: str}
	if inTest {
		r.re()
	}
	return r
}

func (r *Regexp) String() string                         { return r.str }
func (r *Regexp) MatchString(s string) bool              { return r.re().MatchString(s) }
func (r *Regexp) Match(b []byte) bool                    { return r.re().Match(b) }
func (r *Regexp) FindSubmatch(b []byte) [][]byte         { return r.re().FindSubmatch(b) }
func (r *Regexp) FindString(s string) string             { return r.re().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int         { return r.re().FindStringIndex(s) }
func (r *Regexp) FindStringSubmatch(s string) []string   { return r.re().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int { return r.re().FindStringSubmatchIndex(s) }
func (r *Regexp) FindAllString(s string, n int) []string { return r.re().FindAllString(s, n) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.re().FindAllStringIndex(s, n)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.re().FindAllStringSubmatch(s, n)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.re().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) ReplaceAllString(src, repl string) string { return r.re().ReplaceAllString(src, repl) }
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.re().ReplaceAllStringFunc(src, repl)
}
func (r *Regexp) SubexpIndex(name string) int { return r.re().SubexpIndex(name) }
func (r *Regexp) SubexpNames() []string       { return r.re().SubexpNames() }
func (r *Regexp) NumSubexp() int              { return r.re().NumSubexp() }
