package reduce

import (
	"reflect"
	"testing"
)

// The warnings that mark undefined behaviour are counted by option and
// message, without file and line; the rest of what a compiler says is not.
func TestCountWarnings(t *testing.T) {
	stderr := `In file included from /usr/include/python3.12/Python.h:44,
                 from holder.c:1:
holder.c: In function 'release':
holder.c:4:45: warning: 'i' is used uninitialized [-Wuninitialized]
    4 | static void release(void) { int i; while (i < nheld) { Py_DECREF(held[i]); } }
      |                                           ~~^~~~~~~
holder.c:4:33: note: 'i' was declared here
holder.c:9:1: warning: no return statement in function returning non-void [-Wreturn-type]
holder.c:12:1: error: 'i' is used uninitialized [-Werror=uninitialized]
holder.c:2:18: warning: ISO C forbids zero-size array 'held' [-Wpedantic]
holder.c:20:1: warning: ISO C does not allow extra ';' outside of a function [-Wpedantic]
holder.c:3:12: warning: unused variable 'x' [-Wunused-variable]
holder.cpp:7:10: warning: variable 'n' is uninitialized when used here [-Wuninitialized]
`
	want := warningSet{
		"uninitialized: 'i' is used uninitialized":                        2,
		"return-type: no return statement in function returning non-void": 1,
		"pedantic: ISO C forbids zero-size array 'held'":                  1,
		"uninitialized: variable 'n' is uninitialized when used here":     1,
	}
	if got := countWarnings([]byte(stderr)); !reflect.DeepEqual(got, want) {
		t.Errorf("countWarnings =\n%v\nwant\n%v", got, want)
	}
}
