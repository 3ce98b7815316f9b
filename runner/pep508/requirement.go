package pep508

import (
	"slices"
	"strings"
)

// Requirement is one entry of a case's `packages:` list.
type Requirement struct {
	Name      string   // as written; "" for a local path
	Extras    []string // as written, in order
	Specifier string   // e.g. "==2.14.0", as written without parentheses; "" if none
	URL       string   // for "name @ URL" forms (git+https://...@rev, https://.../x.whl, file:///...)
	Marker    string   // the text after ';', trimmed; "" if none
	// Path is a local path as pip accepts it ("./pkg", "../x",
	// "./dist/foo-1.0-py3-none-any.whl", "/abs", "~/x"), kept as written.
	// Not PEP 508, but what a case uses to install its own sources.
	Path string
}

// String returns the canonical spelling: normalized name, sorted and
// normalized extras, the specifier without whitespace, " @ URL" and
// "; marker" (" ; marker" after a URL, where PEP 508 requires the space).
// Parse accepts it and returns an equivalent Requirement.
func (r Requirement) String() string {
	var b strings.Builder
	if r.Path != "" {
		b.WriteString(r.Path)
	} else {
		b.WriteString(Normalize(r.Name))
	}
	if extras := canonicalExtras(r.Extras); len(extras) > 0 {
		b.WriteByte('[')
		b.WriteString(strings.Join(extras, ","))
		b.WriteByte(']')
	}
	b.WriteString(strings.Join(strings.Fields(r.Specifier), ""))
	if r.URL != "" {
		b.WriteString(" @ ")
		b.WriteString(r.URL)
	}
	if r.Marker != "" {
		if r.URL != "" {
			b.WriteByte(' ')
		}
		b.WriteString("; ")
		b.WriteString(r.Marker)
	}
	return b.String()
}

// canonicalExtras normalizes (PEP 685), sorts and deduplicates extras, so
// that "jax[CUDA12,cuda12]" and "jax[cuda12]" name the same environment.
func canonicalExtras(extras []string) []string {
	if len(extras) == 0 {
		return nil
	}
	out := make([]string, len(extras))
	for i, e := range extras {
		out[i] = Normalize(e)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// IsLocal reports whether the requirement installs from the case's own
// files or the local disk: a path, a file:// URL, or a version control
// system's over file:// (git+file, hg+file…), a local repository.
func (r Requirement) IsLocal() bool {
	scheme := urlScheme(r.URL)
	return r.Path != "" || scheme == "file" || strings.HasSuffix(scheme, "+file")
}

// NeedsNetwork reports whether installing needs a URL that is not local
// (git+https, https, git+ssh...). A plain "name==1.0" is not counted: it
// can come from a local wheel directory or index, which is the caller's
// business.
func (r Requirement) NeedsNetwork() bool {
	return r.URL != "" && !r.IsLocal()
}

// urlScheme returns the lowercased scheme of a URL ("git+https"), or "" if
// it has none.
func urlScheme(url string) string {
	for i := 0; i < len(url); i++ {
		c := url[i]
		switch {
		case isLetter(c):
		case i > 0 && (isDigit(c) || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return strings.ToLower(url[:i])
		default:
			return ""
		}
	}
	return ""
}
