//go:build !(linux || darwin)

package report

import "io"

// TerminalWidth is the width in columns of the terminal w writes to; here
// only $COLUMNS says it.
func TerminalWidth(w io.Writer) int { return columnsFromEnv() }
