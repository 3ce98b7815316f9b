package pep508

import (
	"fmt"
	"strings"
)

// hasPathPrefix reports whether s starts the way a local path does:
// "./", "../", "/" or "~/", or is "." or "..".
func hasPathPrefix(s string) bool {
	for _, prefix := range []string{"./", "../", "/", "~/"} {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return s == "." || s == ".."
}

// isPathForm reports whether a requirement (leading space removed) is a
// local path rather than PEP 508: it starts like a path, or it names an
// archive (.whl, .tar.gz, .zip) and is neither "name @ URL" nor a bare URL.
func isPathForm(s string) bool {
	path, _, _ := strings.Cut(s, ";")
	path = strings.TrimSpace(path)
	if open := strings.LastIndexByte(path, '['); open >= 0 && strings.HasSuffix(path, "]") {
		path = strings.TrimSpace(path[:open])
	}
	if hasPathPrefix(path) {
		return true
	}
	if strings.Contains(s, "@") || strings.Contains(s, "://") {
		return false
	}
	lower := strings.ToLower(path)
	for _, suffix := range []string{".whl", ".tar.gz", ".zip"} {
		if strings.HasSuffix(lower, suffix) {
			return true
		}
	}
	return false
}

// pathRequirement reads "PATH[extras] ; marker" from the current position.
// The path runs to the first ";", as pip reads it, and keeps its spelling:
// resolving it against the case's directory is the caller's job.
func (p *parser) pathRequirement() (Requirement, error) {
	var r Requirement
	start := p.i
	end := len(p.s)
	if semi := strings.IndexByte(p.s[start:], ';'); semi >= 0 {
		end = start + semi
	}
	path := strings.TrimRight(p.s[start:end], " \t\n\r\f\v")
	if strings.HasSuffix(path, "]") {
		open := strings.LastIndexByte(path, '[')
		if open < 0 {
			return Requirement{}, p.fail(start+len(path)-1, `unexpected "]" at the end of the path; extras are written "./pkg[extra]"`)
		}
		p.i = start + open
		extras, err := p.extras()
		if err != nil {
			return Requirement{}, err
		}
		if p.i != start+len(path) {
			return Requirement{}, p.fail(p.i, fmt.Sprintf("unexpected %q after the extras of a path", p.s[p.i:start+len(path)]))
		}
		r.Extras = extras
		path = strings.TrimRight(path[:open], " \t\n\r\f\v")
		if path == "" {
			return Requirement{}, p.fail(start, `expected a path before "["`)
		}
	}
	r.Path = path
	p.i = end
	if p.eof() {
		return r, nil
	}
	var err error
	if r.Marker, err = p.marker(); err != nil {
		return Requirement{}, err
	}
	return r, nil
}
