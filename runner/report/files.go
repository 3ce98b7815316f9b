package report

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cleanexit/cleanexit/internal/atomicfile"
	"github.com/cleanexit/cleanexit/internal/lazyregexp"
)

// Files are the report files a run writes once its last run is done, as
// the flags name them; "" is none.
type Files struct {
	JSON, JUnit string
	// StepSummary is the file GitHub Actions shows as the job's summary
	// ($GITHUB_STEP_SUMMARY); the summary is appended to it.
	StepSummary string
}

// Check says, before any run starts, which report could not be written
// (see Writable), naming its flag.
func (f Files) Check() error {
	for _, out := range []struct{ flag, path string }{{"--json", f.JSON}, {"--junit", f.JUnit}} {
		if err := Writable(out.path); err != nil {
			return fmt.Errorf("%s: %v", out.flag, err)
		}
	}
	return nil
}

// Outside says, before any run starts, which report would be written
// into one of trees (the corpus folders the cases come from), over a case
// file or beside the cases: a report must never destroy the input it
// reports on.
func (f Files) Outside(trees []string) error {
	for _, out := range []struct{ flag, path string }{{"--json", f.JSON}, {"--junit", f.JUnit}} {
		if err := Outside(out.path, trees); err != nil {
			return fmt.Errorf("%s: %v", out.flag, err)
		}
	}
	return nil
}

// Outside says whether a report at path would land inside one of trees,
// or over one of them, links resolved: such a path is refused.
func Outside(path string, trees []string) error {
	if path == "" || path == "-" {
		return nil
	}
	p, err := resolved(path)
	if err != nil {
		return nil // Writable says what is wrong with it
	}
	for _, t := range trees {
		t, err := resolved(t)
		if err != nil {
			continue
		}
		if rel, err := filepath.Rel(t, p); err == nil && (rel == "." || !strings.HasPrefix(rel, "..")) {
			if rel == "." {
				return fmt.Errorf("%s is %s, which is read for this report: the report would overwrite it; write it elsewhere", path, t)
			}
			return fmt.Errorf("%s is inside %s, which holds what is reported on: a report there could overwrite it; write it elsewhere", path, t)
		}
	}
	return nil
}

// resolved is path made absolute with the links of its folder resolved
// (the file itself may not exist yet).
func resolved(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real, nil
	}
	dir, err := filepath.EvalSymlinks(filepath.Dir(abs))
	if err != nil {
		return abs, nil
	}
	return filepath.Join(dir, filepath.Base(abs)), nil
}

// Write writes every report of doc, even after failing to write one, and
// returns every failure.
func (f Files) Write(doc *Document) error {
	var errs []error
	if f.JSON != "" {
		errs = append(errs, WriteFile(f.JSON, doc.WriteJSON))
	}
	if f.JUnit != "" {
		errs = append(errs, WriteFile(f.JUnit, func(w io.Writer) error { return WriteJUnit(w, doc) }))
	}
	if f.StepSummary != "" {
		out, err := os.OpenFile(f.StepSummary, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
		if err == nil {
			StepSummary(out, doc)
			err = out.Close()
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("the step summary: %v", err))
		}
	}
	return errors.Join(errs...)
}

// WriteFile writes what render writes to the file path, rendered in full
// first, then put in place whole (internal/atomicfile): a report that
// fails to render, or a disk that fills up, leaves the previous report as
// it was, never half a file.
func WriteFile(path string, render func(io.Writer) error) error {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return err
	}
	if err := atomicfile.Write(path, b.Bytes(), 0o644); err != nil {
		return fmt.Errorf("could not write %s: %v; any earlier %s is left as it was", path, cmp.Or(errors.Unwrap(err), err), filepath.Base(path))
	}
	return nil
}

// WriteMatrix writes m as Markdown to the file mdPath and as an HTML page
// titled title to htmlPath, each rendered in full first; "-" is w. With
// neither path the Markdown goes to w. It writes both even when one
// fails.
func WriteMatrix(w io.Writer, m *Matrix, mdPath, htmlPath, title string) error {
	write := func(path string, render func(io.Writer) error) error {
		if path == "-" {
			return render(w)
		}
		return WriteFile(path, render)
	}
	var errs []error
	if mdPath != "" || htmlPath == "" {
		errs = append(errs, write(cmp.Or(mdPath, "-"), func(w io.Writer) error { WriteMarkdown(w, m); return nil }))
	}
	if htmlPath != "" {
		errs = append(errs, write(htmlPath, func(w io.Writer) error { return WriteHTML(w, m, title) }))
	}
	return errors.Join(errs...)
}

// urlCredentials is the user:password@ part of a URL.
var urlCredentials = lazyregexp.New(`(://)[^/@\s]+@`)

// RedactedCommand is a command line as a report shows it: without the
// credentials an --index-url may carry, as reports end up as CI artifacts.
func RedactedCommand(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = urlCredentials.ReplaceAllString(a, "${1}***@")
	}
	return out
}
