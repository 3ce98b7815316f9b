package script

import (
	"testing"

	"github.com/cleanexit/cleanexit/internal/scriptlang"
	"github.com/rogpeppe/go-internal/txtar"
)

// TestQuietScript: a sandboxed script runs unconfined only when none of
// its lines writes, starts or signals from the script's thread, and
// testscript writes each of its files beneath $WORK.
func TestQuietScript(t *testing.T) {
	for _, tt := range []struct {
		script string
		files  []string
		quiet  bool
	}{
		{"python -c pass\n", nil, true},
		{"python t.py\nstdout ok\n! stderr .\n", []string{"t.py", "sub/data.txt"}, true},
		{"env X=1\nexec sh -c 'echo $X'\nstdout 1\nwait\n", nil, true},
		{"[linux] pip install x\nbuild-ext m m.c\ncmp a b\ngrep x a\nexists a\nstdin a\npython -\nskip\n", nil, true},
		{"! exec false\nstop\n", nil, true},
		// Each of these runs on the script's thread what its confinement stops.
		{"cp a /tmp/b\n", nil, false},
		{"mkdir /tmp/d\n", nil, false},
		{"mv a b\n", nil, false},
		{"rm a\n", nil, false},
		{"chmod 4755 a\n", nil, false},
		{"symlink a -> /etc\n", nil, false},
		{"unquote a\n", nil, false},
		{"unix2dos a\n", nil, false},
		{"kill\n", nil, false},
		{"python -c pass\nfilecheck c.txt\n", nil, false},
		// cd takes cleanexit's own writes (build-ext's module) out of $WORK.
		{"cd ..\npython -c pass\n", nil, false},
		// Files testscript would write outside $WORK.
		{"python -c pass\n", []string{"../x"}, false},
		{"python -c pass\n", []string{"/tmp/x"}, false},
		{"python -c pass\n", []string{"$HOME/x"}, false},
	} {
		s, errs := scriptlang.Parse(tt.script, 1)
		if len(errs) > 0 {
			t.Fatalf("%q: %v", tt.script, errs[0])
		}
		var files []txtar.File
		for _, name := range tt.files {
			files = append(files, txtar.File{Name: name})
		}
		if got := quietScript(s, files); got != tt.quiet {
			t.Errorf("quietScript(%q, %q) = %v, want %v", tt.script, tt.files, got, tt.quiet)
		}
	}
}
