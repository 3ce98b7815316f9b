package bisect

import (
	"strings"
	"testing"

	"github.com/cleanexit/cleanexit/runner/cases"
)

func TestMatrixEnds(t *testing.T) {
	for _, tt := range []struct {
		name, versions, good, bad, err string
	}{
		{"the release before the first failing one", `{0.31.0: 0, 0.32.0: 0, 0.32.1: SIGABRT, ">=0.32.2": 0}`, "0.32.0", "0.32.1", ""},
		{"written out of order", `{0.32.4: crash, 0.32.1: SIGABRT, 0.30.0: 0}`, "0.30.0", "0.32.1", ""},
		{"nothing clean below the first failure", `{0.30.0: 0, 0.29.0: crash}`, "", "", "names no released version of mlx below 0.29.0 that exits cleanly"},
		{"ranges are not ends", `{"<0.32": 0, 0.32.1: SIGABRT}`, "", "", "below 0.32.1 that exits cleanly"},
		{"nothing fails", `{0.32.0: 0, 0.32.1: 0}`, "", "", "names no released version of mlx that fails"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			text := "python r.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\nversions:\n  mlx: " + tt.versions + "\n-- r.py --\n"
			c, err := cases.Parse("c.txtar", "mlx", []byte(text))
			if err != nil {
				t.Fatal(err)
			}
			good, bad, err := MatrixEnds([]*cases.Case{c}, "MLX")
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Errorf("MatrixEnds = %s, %s, %v; want an error with %q", good, bad, err, tt.err)
				}
				return
			}
			if err != nil || good != tt.good || bad != tt.bad {
				t.Errorf("MatrixEnds = %s, %s, %v; want %s, %s", good, bad, err, tt.good, tt.bad)
			}
		})
	}
	if _, _, err := MatrixEnds(nil, "mlx"); err == nil {
		t.Error("MatrixEnds of no case: no error")
	}
}
