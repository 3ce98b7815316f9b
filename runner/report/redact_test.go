package report

import (
	"reflect"
	"testing"
)

// Index credentials never reach a report's command line.
func TestRedactedCommand(t *testing.T) {
	got := RedactedCommand([]string{"cleanexit", "run", "--index-url", "https://user:t0ken@pypi.example/simple", "--index-url=http://tok@h/", "--filter", "a@b", "corpus"})
	want := []string{"cleanexit", "run", "--index-url", "https://***@pypi.example/simple", "--index-url=http://***@h/", "--filter", "a@b", "corpus"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
