package report

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	"github.com/cleanexit/cleanexit/internal/forensics"
	"github.com/cleanexit/cleanexit/runner/result"
)

// everyField is a result.Result whose every field holds a value that is not
// its zero value, found by reflection, so that a field added to the model
// and forgotten by the schema makes TestResultCarriesEveryField fail.
func everyField(t *testing.T) result.Result {
	t.Helper()
	var r result.Result
	v := reflect.ValueOf(&r).Elem()
	for i := range v.NumField() {
		f, name := v.Field(i), v.Type().Field(i).Name
		switch {
		case f.Type() == reflect.TypeFor[time.Duration]():
			f.SetInt(int64(i+1) * int64(time.Millisecond))
		case f.Type() == reflect.TypeFor[*forensics.Native]():
			f.Set(reflect.ValueOf(&forensics.Native{Phase: forensics.StaticDestructor, Culprit: "f", Debugger: "gdb",
				Frames: []forensics.Frame{{Function: "f"}}}))
		case f.Kind() == reflect.String:
			f.SetString(name + "-value")
		case f.Kind() == reflect.Int:
			f.SetInt(int64(i + 1))
		case f.Kind() == reflect.Bool:
			f.SetBool(true)
		case f.Type() == reflect.TypeFor[[]string]():
			f.Set(reflect.ValueOf([]string{name + "-value"}))
		default:
			t.Fatalf("result.Result.%s has a type (%s) this test does not fill: teach everyField", name, f.Type())
		}
	}
	return r
}

// TestResultCarriesEveryField: a result with every field set is the same
// result after it is written as JSON and read back, the path a merged
// report takes.
func TestResultCarriesEveryField(t *testing.T) {
	want := everyField(t)
	d := NewDocument("h", nil, nil, time.Time{})
	d.Add(want)
	var b bytes.Buffer
	if err := d.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	got, err := ReadDocument(&b, "a.json")
	if err != nil {
		t.Fatal(err)
	}
	if m := got.Models(); len(m) != 1 || !reflect.DeepEqual(m[0], want) {
		t.Errorf("lost on the way through the schema:\n got %+v\nwant %+v", m, want)
	}
}
