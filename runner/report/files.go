package report

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"

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
// first: a report that fails to render leaves no half file behind.
func WriteFile(path string, render func(io.Writer) error) error {
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return err
	}
	return os.WriteFile(path, b.Bytes(), 0o666)
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
