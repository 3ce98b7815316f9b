// Package lazyregexp is a regexp compiled on its first use, not at
// program start.
//
// A package-level regexp.MustCompile runs in every invocation of every
// command that links the package: cleanexit's 58 took about a third of its
// start-up before main (GODEBUG=inittrace=1), most of them for crashes,
// debugger output and authoring that a run of clean exits never meets.
// The model is cmd/go's internal/lazyregexp. A bad pattern is still found
// before it reaches a user: Check compiles every pattern of the program,
// and cmd/cleanexit's tests, which link every package, call it. (Compiling
// at once in every test binary, as cmd/go does, would put the cost back in
// the corpus's own test binary, which the benchmark times.)
package lazyregexp

import (
	"fmt"
	"regexp"
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

// made is every Regexp made, for Check.
var made struct {
	mu   sync.Mutex
	list []*Regexp
}

// New is the regexp str, compiled on first use; like regexp.MustCompile,
// using it panics if str does not parse.
func New(str string) *Regexp {
	r := &Regexp{str: str}
	made.mu.Lock()
	made.list = append(made.list, r)
	made.mu.Unlock()
	return r
}

// Check compiles every Regexp made so far and says which does not parse.
func Check() error {
	made.mu.Lock()
	list := append([]*Regexp(nil), made.list...)
	made.mu.Unlock()
	for _, r := range list {
		if _, err := regexp.Compile(r.str); err != nil {
			return fmt.Errorf("lazyregexp: %v", err)
		}
	}
	return nil
}

func (r *Regexp) MatchString(s string) bool              { return r.re().MatchString(s) }
func (r *Regexp) Match(b []byte) bool                    { return r.re().Match(b) }
func (r *Regexp) FindSubmatch(b []byte) [][]byte         { return r.re().FindSubmatch(b) }
func (r *Regexp) FindString(s string) string             { return r.re().FindString(s) }
func (r *Regexp) FindStringSubmatch(s string) []string   { return r.re().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int { return r.re().FindStringSubmatchIndex(s) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.re().FindAllStringIndex(s, n)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.re().FindAllStringSubmatch(s, n)
}
func (r *Regexp) ReplaceAllString(src, repl string) string { return r.re().ReplaceAllString(src, repl) }
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.re().ReplaceAllStringFunc(src, repl)
}
