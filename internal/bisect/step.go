package bisect

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/cleanexit/cleanexit/runner/result"
)

// A Step is one version or commit tried, and what it showed.
type Step struct {
	Rev      string        `json:"rev"`               // a version ("1.6") or a full commit SHA
	Subject  string        `json:"subject,omitempty"` // a commit's subject line
	Verdict  Verdict       `json:"verdict"`
	Status   result.Status `json:"status"`           // of the run with the clean expectation
	Actual   string        `json:"actual,omitempty"` // "exit 134 (SIGABRT)"
	Signal   string        `json:"signal,omitempty"`
	Sig      string        `json:"signature,omitempty"` // diagnosis signature: "fatal-python-error: …"
	Reason   string        `json:"reason,omitempty"`    // why bad or skipped, in one line
	Duration time.Duration `json:"duration_ns"`
}

// shortRev is the version, or a commit's first nine hex digits, as git
// abbreviates them in reports.
func (s Step) shortRev() string { return shortRev(s.Rev) }

func shortRev(rev string) string {
	if len(rev) == 40 && strings.Trim(rev, "0123456789abcdef") == "" {
		return rev[:9]
	}
	return rev
}

// writeLine prints the step as one line of the step log:
//
//	1.6       bad   exit 134 (SIGABRT) · fatal-python-error: …  (310ms)
func (s Step) writeLine(w io.Writer) {
	var detail []string
	if s.Actual != "" {
		detail = append(detail, s.Actual)
	} else if s.Status != "" {
		detail = append(detail, string(s.Status))
	}
	if s.Sig != "" {
		detail = append(detail, s.Sig)
	}
	if s.Verdict == Skip && s.Reason != "" {
		detail = append(detail, s.Reason)
	}
	rev := s.shortRev()
	if s.Subject != "" {
		rev += " " + quoteSubject(s.Subject)
	}
	fmt.Fprintf(w, "%-5s %s  %s  (%s)\n", s.Verdict, rev, firstLine(strings.Join(detail, " · ")), s.Duration.Round(time.Millisecond))
}

func quoteSubject(s string) string {
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return `"` + s + `"`
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
