package runner

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// apiBudget is how many exported names the module's importable packages
// may have between them: README's API (runner, runner/cases, runner/result,
// runner/report, toolchains and the three small parsers) needs about 213,
// and the stages live under internal/, where the compiler keeps them.
const apiBudget = 300

// The importable API stays within its budget: every exported top-level
// name and every exported method of an exported type, in every package
// outside internal/, cmd/ and bench/ (commands) and corpus/ (tests).
func TestAPIBudget(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	counts := map[string]int{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		switch top := strings.Split(filepath.ToSlash(rel), "/")[0]; {
		case top == "internal", top == "cmd", top == "bench", top == "corpus", d.Name() == "testdata", strings.HasPrefix(d.Name(), "."):
			return filepath.SkipDir
		}
		n, err := exportedNames(path)
		if err != nil {
			return err
		}
		if n > 0 {
			counts[filepath.ToSlash(rel)] = n
			total += n
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if total > apiBudget {
		t.Errorf("the importable packages export %d names, over the budget of %d: %v", total, apiBudget, counts)
	}
	t.Logf("%d exported names: %v", total, counts)
}

// exportedNames counts a folder's exported top-level names and the
// exported methods of its exported types, test files left out.
func exportedNames(dir string) (int, error) {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, p := range pkgs {
		if p.Name == "main" {
			continue
		}
		for _, f := range p.Files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if d.Name.IsExported() && (d.Recv == nil || exportedReceiver(d.Recv)) {
						n++
					}
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if s.Name.IsExported() {
								n++
							}
						case *ast.ValueSpec:
							for _, name := range s.Names {
								if name.IsExported() {
									n++
								}
							}
						}
					}
				}
			}
		}
	}
	return n, nil
}

func exportedReceiver(recv *ast.FieldList) bool {
	t := recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if g, ok := t.(*ast.IndexExpr); ok {
		t = g.X
	}
	id, ok := t.(*ast.Ident)
	return ok && id.IsExported()
}
