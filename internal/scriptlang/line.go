package scriptlang

import "fmt"

// A Word is one argument of a script line as written, quotes removed.
type Word struct {
	Text string
	// Expands is true when an unquoted part holds a $: testscript
	// replaces $NAME at run time, so Text is not what the command sees and
	// the checks leave the word alone.
	Expands bool
}

// A Cond is one [condition] prefix: [name], or [!name] when Negated.
type Cond struct {
	Name    string
	Negated bool
}

func (c Cond) String() string {
	if c.Negated {
		return "[!" + c.Name + "]"
	}
	return "[" + c.Name + "]"
}

// A Line is one command line of a script.
type Line struct {
	Number  int    // 1-based, in the file the script came from
	Text    string // as written
	Conds   []Cond // run the command only when every one holds
	Negated bool   // "! cmd": the command must fail
	Name    string // the command
	Args    []Word
	Command *Command // the table's entry for Name
}

// anyExpands reports whether some argument is known only at run time.
func anyExpands(args []Word) bool {
	for _, a := range args {
		if a.Expands {
			return true
		}
	}
	return false
}

// A Script is the command lines of a case's script, in order.
type Script struct {
	Lines []Line
}

// An Error is a problem with one line of a script. The caller adds the
// file name (package cases makes it a cases.Error).
type Error struct {
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }
