package report

import (
	"strings"
	"testing"
	"unicode"

	"github.com/cleanexit/cleanexit/runner/result"
)

// runnerCommands is what a GitHub Actions runner would do with a step's
// log: the workflow commands it runs, in order, modelled on actions/runner
// (ActionCommandManager.TryProcessCommand over ActionCommand.TryParseV2
// and TryParse): lines split at "\n" and "\r"; "::name props::data" after
// leading white space, or "##[name props]data" anywhere in a line; after
// stop-commands, nothing runs until a command named by its data. Every
// name counts as registered, which only makes the model stricter.
func runnerCommands(log string) []string {
	var ran []string
	stopped := ""
	for _, line := range strings.FieldsFunc(log, func(r rune) bool { return r == '\n' || r == '\r' }) {
		name, data, ok := parseCommand(line)
		if !ok {
			continue
		}
		switch {
		case stopped != "":
			if strings.EqualFold(name, stopped) {
				stopped = ""
			}
		case name == "stop-commands":
			stopped = data
		default:
			ran = append(ran, name+": "+data)
		}
	}
	return ran
}

func parseCommand(line string) (name, data string, ok bool) {
	// .NET's TrimStart: char.IsWhiteSpace, which unicode.IsSpace follows.
	if v2 := strings.TrimLeftFunc(line, unicode.IsSpace); strings.HasPrefix(v2, "::") {
		if info, data, ok := strings.Cut(v2[2:], "::"); ok {
			name, _, _ = strings.Cut(info, " ")
			return name, data, true
		}
	}
	if _, v1, ok := strings.Cut(line, "##["); ok {
		if info, data, ok := strings.Cut(v1, "]"); ok {
			name, _, _ = strings.Cut(info, " ")
			return name, data, true
		}
	}
	return "", "", false
}

func TestRunnerModel(t *testing.T) {
	log := "plain\n  ::error file=a::one\nx ##[warning]two\n::stop-commands::tok\n::error::hidden\n::tok::\n::notice::three\n"
	want := []string{"error: one", "warning: two", "notice: three"}
	if got := runnerCommands(log); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("the model ran %q, want %q", got, want)
	}
}

// TestCommandSafe: a failure whose output holds workflow commands, each
// way the runner reads them, shown by Terminal under Actions, runs none of them,
// while cleanexit's own annotation, written beside it, runs.
func TestCommandSafe(t *testing.T) {
	fail := result.Result{
		ID: "o/loud/default/3.12", File: "corpus/o/loud.txtar", Line: 3, Status: result.Fail,
		Reason: "stderr has ##[add-mask]FAIL",
		StderrTail: strings.Join([]string{
			"::add-mask::FAIL",
			"  ::error file=corpus/o/loud.txtar,line=1::all good",
			"\u00a0::warning::after a no-break space",
			"::stop-commands::guessed",
			"::guessed::",
			"note ##[warning]legacy",
			"a\r::notice::after a carriage return",
		}, "\n"),
		Log: "> python loud.py\n[stderr]\n::add-mask::FAIL\n",
	}
	var log strings.Builder
	(&Terminal{W: &log, Actions: true}).Result(fail)
	Annotations(&log, []result.Result{fail}, "")
	got := runnerCommands(log.String())
	if len(got) != 1 || !strings.HasPrefix(got[0], "error: stderr has ##[add-mask]FAIL") {
		t.Errorf("the runner would run %q, want only cleanexit's annotation; the log:\n%s", got, log.String())
	}
	if n := strings.Count("\n"+log.String(), "\n::stop-commands::"); n != 1 {
		t.Errorf("%d fences, want 1 around the one result", n)
	}

	pass := result.Result{ID: "o/loud/quiet/3.12", Status: result.Pass, Reason: "std::vector<int>::~vector"}
	var plain, safe strings.Builder
	(&Terminal{W: &plain}).Result(pass)
	(&Terminal{W: &safe, Actions: true}).Result(pass)
	if plain.String() != safe.String() {
		t.Errorf("a result that holds no command was changed:\n%q\nwant\n%q", safe.String(), plain.String())
	}
}

func TestReadsAsCommand(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"FAIL o/c/default/3.12  exit 3, want 0\n", false},
		{"exit 139 (SIGSEGV) · in holder.so: Refs::clear\n", false},
		{"      std::vector<int>::~vector\n", false},
		{"::error::x\n", true},
		{"      ::add-mask::FAIL\n", true},
		{"\u00a0::add-mask::FAIL\n", true},
		{"\u3000::add-mask::FAIL\n", true},
		{"\ufeff::add-mask::FAIL\n", true},
		{"progress\r::add-mask::FAIL", true},
		{"first\nsecond ##[add-mask]FAIL\n", true},
	}
	for _, tt := range tests {
		if got := readsAsCommand(tt.text); got != tt.want {
			t.Errorf("readsAsCommand(%q) = %v, want %v", tt.text, got, tt.want)
		}
		if ran := runnerCommands(tt.text); len(ran) > 0 && !tt.want {
			t.Errorf("%q: the runner model runs %q, yet readsAsCommand says no", tt.text, ran)
		}
	}
}

// TestStopTokenFresh: each fence has a token of its own, so that text
// which saw one fence's token cannot end the next.
func TestStopTokenFresh(t *testing.T) {
	a, b := stopToken(), stopToken()
	if a == b || len(a) != 32 {
		t.Errorf("tokens %q and %q: want two different 32-digit tokens", a, b)
	}
}
