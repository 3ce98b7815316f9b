package report

import (
	"crypto/rand"
	"encoding/hex"
	"io"
	"strings"
	"unicode"
)

// commandSafe is a writer for text shown in a GitHub Actions log
// that must not act on the job: the runner takes any line of a step's
// output that starts with "::" (after spaces) for a workflow command, and
// any line holding "##[" for one in the older form. A case's output is
// such text: printed raw, its `::add-mask::FAIL` would hide the word FAIL
// from the rest of the log and its `::stop-commands::` silence cleanexit's
// own annotations. Each Write that holds such a line is fenced by the
// runner's own means, `::stop-commands::TOKEN` before and `::TOKEN::`
// after, with a token drawn afresh that the text cannot know; a Write
// that holds none passes as it is. Writes should be whole lines: one that
// is fenced is ended with a newline.
//
// cleanexit's own workflow commands (Annotations) are written to the
// underlying writer, not through this one. Terminal writes each result
// through it under Actions.
type commandSafe struct{ w io.Writer }

func (c commandSafe) Write(p []byte) (int, error) {
	text := string(p)
	if !readsAsCommand(text) {
		return c.w.Write(p)
	}
	token := stopToken()
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	if _, err := io.WriteString(c.w, "::stop-commands::"+token+"\n"+text+"::"+token+"::\n"); err != nil {
		return 0, err
	}
	return len(p), nil
}

// readsAsCommand says whether a line of text could be taken for a
// workflow command by the runner, which splits its input at "\n" and "\r"
// and trims leading white space first. It errs towards yes: any name
// counts, registered with the runner or not.
func readsAsCommand(text string) bool {
	if strings.Contains(text, "##[") {
		return true
	}
	for _, line := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if strings.HasPrefix(strings.TrimLeftFunc(line, blank), "::") {
			return true
		}
	}
	return false
}

// blank is what the runner may trim from the start of a line, and more:
// white space, and characters that show as nothing.
func blank(r rune) bool {
	return unicode.IsSpace(r) || !unicode.IsPrint(r)
}

// stopToken is a fence's token: 128 random bits, in hex.
func stopToken() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
