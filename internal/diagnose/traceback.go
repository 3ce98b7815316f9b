package diagnose

import "strings"

// Traceback extracts faulthandler's report from stderr: the "Fatal Python
// error" header, and every "Thread 0x…"/"Current thread 0x…" block with its
// frames. It returns "" when stderr holds none. Lines between blocks that
// are not part of the report (a program's own output) are left out.
func Traceback(stderr string) string {
	lines := strings.Split(stderr, "\n")
	var out []string
	inBlock := false
	for _, line := range lines {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.HasPrefix(line, "Fatal Python error:"),
			strings.HasPrefix(line, "Python runtime state:"):
			out = append(out, line)
			inBlock = false
		case isThreadHeader(line):
			if len(out) > 0 { // a blank line before each block; out never ends in one
				out = append(out, "")
			}
			out = append(out, line)
			inBlock = true
		case inBlock && (strings.HasPrefix(line, "  File ") || strings.HasPrefix(line, "  <") || strings.HasPrefix(line, "  ...")):
			out = append(out, line)
		default:
			inBlock = false
		}
	}
	if !hasThread(out) {
		return ""
	}
	return strings.Join(out, "\n")
}

func isThreadHeader(line string) bool {
	return (strings.HasPrefix(line, "Thread 0x") || strings.HasPrefix(line, "Current thread 0x")) &&
		strings.HasSuffix(line, "(most recent call first):")
}

func hasThread(lines []string) bool {
	for _, l := range lines {
		if isThreadHeader(l) {
			return true
		}
	}
	return false
}
