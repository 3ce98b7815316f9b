package pep440

import "testing"

func TestOverlap(t *testing.T) {
	for _, tt := range []struct {
		a, b    string
		overlap bool
	}{
		{"==0.32.0", "==0.32.1", false},
		{"==0.32.1", "==0.32.1", true},
		{"==0.32.1", ">=0.32.0", true},
		{">=0.32.2", "<0.32.2", false},
		{">=0.32.2", "<=0.32.2", true},
		{">0.32.1", "==0.32.1", false},
		{">0.32.1", "<0.32.2", true}, // 0.32.1.1
		{">=0.30,<0.32", ">=0.31,<0.33", true},
		{">=0.30,<0.31", ">=0.31,<0.33", false},
		{"~=0.32.0", "==0.33.0", false},
		{"~=0.32.0", "==0.32.7", true},
		{"==0.32.*", ">=0.32.5", true},
		{"==0.32.*", ">=0.33", false},
		{"!=0.32.1", "==0.32.1", false},
		{"!=0.32.1", ">=0.32.1,<=0.32.1", false},
		{"!=0.32.1", ">=0.32.1,<0.33", true},
		{">=1.0", "<1.0", false},
		{"<1.0", "<0.5", true},
		{"", "==1.0", true},
	} {
		a, err := ParseSpecifier(tt.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseSpecifier(tt.b)
		if err != nil {
			t.Fatal(err)
		}
		for _, pair := range [][2]Specifier{{a, b}, {b, a}} {
			v, ok := Overlap(pair[0], pair[1])
			if ok != tt.overlap {
				t.Errorf("Overlap(%q, %q) = %s, %v; want %v", tt.a, tt.b, v, ok, tt.overlap)
			}
			if ok && (!a.Contains(v, false) || !b.Contains(v, false)) {
				t.Errorf("Overlap(%q, %q) = %s, which one of them does not admit", tt.a, tt.b, v)
			}
		}
	}
}
