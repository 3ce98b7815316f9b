package authoring

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFormatCaseYAML(t *testing.T) {
	tests := []struct {
		name, in, want string
		err            string // a substring of the error, when formatting must refuse
	}{
		{
			name: "canonical already",
			in:   "summary: s\nlinks: [https://example.com/1]\npython: \"3.12\"\n",
			want: "summary: s\nlinks: [https://example.com/1]\npython: \"3.12\"\n",
		},
		{
			name: "top-level keys sorted, values untouched",
			in:   "variants:\n  bad:\n    exit: SIGSEGV\npackages: [a==1]\nlinks:\n  - https://example.com/1\nsummary: s\nrequires: [cc]\n",
			want: "summary: s\nlinks:\n  - https://example.com/1\nrequires: [cc]\npackages: [a==1]\nvariants:\n  bad:\n    exit: SIGSEGV\n",
		},
		{
			name: "variant keys sorted, variants keep their order",
			in:   "summary: s\nlinks: [https://example.com/1]\nvariants:\n  zz:\n    stderr: x\n    exit: 1\n    env: {A: \"1\"}\n  aa:\n    packages: [a==2]\n    python: \"3.13\"\n",
			want: "summary: s\nlinks: [https://example.com/1]\nvariants:\n  zz:\n    env: {A: \"1\"}\n    exit: 1\n    stderr: x\n  aa:\n    python: \"3.13\"\n    packages: [a==2]\n",
		},
		{
			name: "index keys sorted",
			in:   "summary: s\nlinks: [https://example.com/1]\nindex:\n  no-index: true\n  url: https://example.com/simple\n",
			want: "summary: s\nlinks: [https://example.com/1]\nindex:\n  url: https://example.com/simple\n  no-index: true\n",
		},
		{
			name: "indentation, quoting and blank lines kept; trailing spaces dropped",
			in:   "links:   \n    - 'https://example.com/1'\n\nsummary: s\t\nenv:\n    B: \"2\"\n    A: \"1\"",
			want: "summary: s\nlinks:\n    - 'https://example.com/1'\n\nenv:\n    B: \"2\"\n    A: \"1\"\n",
		},
		{
			name: "a block scalar moves whole",
			in:   "stderr: |\n  line one\n  exit: not a key\nsummary: s\nlinks: [https://example.com/1]\n",
			want: "summary: s\nlinks: [https://example.com/1]\nstderr: |\n  line one\n  exit: not a key\n",
		},
		{
			name: "a flow mapping keeps its order",
			in:   "summary: s\nlinks: [https://example.com/1]\nvariants: {bad: {exit: 1, env: {A: \"1\"}}}\n",
			want: "summary: s\nlinks: [https://example.com/1]\nvariants: {bad: {exit: 1, env: {A: \"1\"}}}\n",
		},
		{
			name: "CRLF line ends become LF",
			in:   "links: [https://example.com/1]\r\nsummary: s\r\n",
			want: "summary: s\nlinks: [https://example.com/1]\n",
		},
		{
			name: "comments travel with their key",
			in:   "summary: s\nvariants:\n  # the bad build\n  bad:\n    exit: 134 # SIGABRT on macOS\n    # why this env\n    env: {A: \"1\"}\n# where it is tracked\nlinks: [https://example.com/1]\n",
			want: "summary: s\n# where it is tracked\nlinks: [https://example.com/1]\nvariants:\n  # the bad build\n  bad:\n    # why this env\n    env: {A: \"1\"}\n    exit: 134 # SIGABRT on macOS\n",
		},
		{
			name: "unknown keys go last in the order written",
			in:   "zeta: 1\nsummary: s\nalpha: 2\nlinks: [https://example.com/1]\n",
			want: "summary: s\nlinks: [https://example.com/1]\nzeta: 1\nalpha: 2\n",
		},
		{
			name: "a deeper comment stays with the entry above",
			in:   "summary: s\nlinks:\n  - https://example.com/1\n  # - https://example.com/2\nvariants:\n  v:\n    exit: 1\npython: \"3.12\"\n",
			want: "summary: s\nlinks:\n  - https://example.com/1\n  # - https://example.com/2\npython: \"3.12\"\nvariants:\n  v:\n    exit: 1\n",
		},
		{name: "empty", in: "", want: ""},
		{name: "not YAML", in: "links: [https://example.com/1\n", err: "not valid YAML"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := formatCaseYAML([]byte(tt.in))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want one containing %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tt.want)
			}
			again, err := formatCaseYAML(got)
			if err != nil || string(again) != string(got) {
				t.Errorf("formatting is not idempotent: %v\n%s", err, again)
			}
		})
	}
}

func TestFormatArchiveTouchesOnlyCaseYAML(t *testing.T) {
	in := "# story\r\npython x.py\n-- case.yaml --\nlinks: [https://example.com/1]\nsummary: s\n-- x.py --\nzeta: 1\nsummary: s\n-- y.txt --\nno newline at end"
	want := "# story\r\npython x.py\n-- case.yaml --\nsummary: s\nlinks: [https://example.com/1]\n-- x.py --\nzeta: 1\nsummary: s\n-- y.txt --\nno newline at end"
	got, err := formatArchive([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("got:\n%q\nwant:\n%q", got, want)
	}
	noYAML := "python x.py\n-- x.py --\n"
	if got, err := formatArchive([]byte(noYAML)); err != nil || string(got) != noYAML {
		t.Errorf("an archive without case.yaml changed: %q, %v", got, err)
	}
}

// The shipped corpus is in canonical form: fmt must not churn the cases
// reviewers already accepted.
func TestShippedCorpusIsCanonical(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "corpus", "*", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no shipped cases found: %v", err)
	}
	for _, f := range files {
		if !strings.Contains(f, string(filepath.Separator)+"mlir"+string(filepath.Separator)) && !strings.Contains(f, string(filepath.Separator)+"mlx"+string(filepath.Separator)) {
			continue // corpus/native is being written; check reports it
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := formatArchive(data)
		if err != nil {
			t.Errorf("%s: %v", f, err)
		} else if string(got) != string(data) {
			t.Errorf("%s is not in canonical form", f)
		}
	}
}

// fmt keeps a CRLF archive's endings in the case.yaml it rewrites, and
// refuses a case.yaml that already mixes them, so that it never leaves a
// file with two kinds.
func TestFormatArchiveLineEndings(t *testing.T) {
	lf := "python x.py\n-- case.yaml --\nlinks: [https://x.org]\nsummary: s\n-- x.py --\nprint(1)\n"
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	out, err := formatArchive([]byte(crlf))
	if err != nil {
		t.Fatal(err)
	}
	want := strings.ReplaceAll("python x.py\n-- case.yaml --\nsummary: s\nlinks: [https://x.org]\n-- x.py --\nprint(1)\n", "\n", "\r\n")
	if string(out) != want {
		t.Errorf("CRLF archive formats to\n%q\nwant\n%q", out, want)
	}
	mixed := strings.Replace(crlf, "summary: s\r\n", "summary: s\n", 1)
	if _, err := formatArchive([]byte(mixed)); err == nil || !strings.Contains(err.Error(), "mixes CRLF and LF") {
		t.Errorf("mixed endings: %v, want a refusal", err)
	}
}
