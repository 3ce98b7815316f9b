//go:build !(linux || darwin)

package main

import "io"

// terminalWidth is the width in columns of the terminal w writes to; here
// only $COLUMNS says it.
func terminalWidth(w io.Writer) int { return columnsFromEnv() }
