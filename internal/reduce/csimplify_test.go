package reduce

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// endsWithSentinel is a table whose last element is {}, {NULL, 0…} or NULL.
var endsWithSentinel = regexp.MustCompile(`(?s)(\{(\s*(NULL|nullptr|0)\s*,?)*\s*\}|NULL)\s*,?\s*\};\s*$`)

// Each rewrite a maintainer would make by hand is among the candidates,
// and nothing that is not smaller, or not balanced, is.
func TestCSimplifications(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"inline a variable used once",
			"PyObject *f() {\n  PyObject *m = PyModule_Create(&module);\n  return m;\n}\n",
			"PyObject *f() {\n  return PyModule_Create(&module);\n}\n"},
		{"inline an expression with parentheses",
			"int f(int a) {\n  int s = a + 1;\n  return s * 2;\n}\n",
			"int f(int a) {\n  return (a + 1) * 2;\n}\n"},
		{"drop a default member initialiser",
			"struct H {\n  PyObject *obj = nullptr;\n};\n",
			"struct H {\n  PyObject *obj;\n};\n"},
		{"empty a string literal",
			"PyMethodDef m[] = {{\"keep\", keep, METH_O, \"Hold a reference.\"}, {}};\n",
			"PyMethodDef m[] = {{\"keep\", keep, METH_O, \"\"}, {}};\n"},
		{"a negative number to 0",
			"PyModuleDef d = {PyModuleDef_HEAD_INIT, \"h\", nullptr, -1, methods};\n",
			"PyModuleDef d = {PyModuleDef_HEAD_INIT, \"h\", nullptr, 0, methods};\n"},
		{"drop a brace list's last element, over lines",
			"PyModuleDef d = {PyModuleDef_HEAD_INIT, \"h\", nullptr, -1, methods,\n                 nullptr, nullptr};\n",
			"PyModuleDef d = {PyModuleDef_HEAD_INIT, \"h\", nullptr, -1, methods,\n                 nullptr};\n"},
		{"empty a brace list",
			"PyMethodDef m[] = {{\"keep\", keep, METH_O, \"\"}, {nullptr, nullptr, 0, nullptr}};\n",
			"PyMethodDef m[] = {{\"keep\", keep, METH_O, \"\"}, {}};\n"},
		{"join a list split over lines",
			"PyMethodDef m[] = {\n    {\"keep\", keep, METH_O},\n    {}};\n",
			"PyMethodDef m[] = {{\"keep\", keep, METH_O},\n    {}};\n"},
		{"join an element with strings to the list's end",
			"PyMethodDef m[] = {{\"keep\", keep, METH_O}, // the one\n    {}};\n",
			"PyMethodDef m[] = {{\"keep\", keep, METH_O}, {}};\n"},
		{"drop a parameter's name",
			"PyObject *f(PyObject *self, PyObject *args) {\n  return args;\n}\n",
			"PyObject *f(PyObject *, PyObject *args) {\n  return args;\n}\n"},
		{"drop the last parameter's name, the brace on the next line",
			"static int g(int a, long n)\n{\n  return 0;\n}\n",
			"static int g(int a, long)\n{\n  return 0;\n}\n"},
		{"a short struct on one line",
			"struct Holder {\n  PyObject *obj;\n  ~Holder() { Py_XDECREF(obj); }\n};\nint x;\n",
			"struct Holder { PyObject *obj; ~Holder() { Py_XDECREF(obj); } };\nint x;\n"},
		{"a short function on one line, its comment dropped",
			"PyMODINIT_FUNC PyInit_holder() {\n  return PyModule_Create(&module);  // the module\n}\n",
			"PyMODINIT_FUNC PyInit_holder() { return PyModule_Create(&module); }\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := cSimplifications(tc.src)
			if !slices.Contains(got, tc.want) {
				t.Errorf("no candidate\n%s\namong the %d:\n%s", tc.want, len(got), strings.Join(got, "----\n"))
			}
			for _, c := range got {
				if len(c) > len(tc.src) {
					t.Errorf("candidate larger than its source:\n%s", c)
				}
				if !cBalanced(c) {
					t.Errorf("candidate not balanced:\n%s", c)
				}
			}
		})
	}
	// What must not be touched: an assignment, an #include, a subtraction,
	// a variable used twice, a function body.
	for _, src := range []string{
		"void f() {\n  held.obj = obj;\n}\n",
		"#include \"Python.h\"\n#define N 8\n",
		"int g(int a) {\n  return a-1;\n}\n",
	} {
		for _, c := range cSimplifications(src) {
			if strings.Contains(c, "held.obj;") || strings.Contains(c, `#include ""`) || strings.Contains(c, "#define N 0") || strings.Contains(c, "a0") {
				t.Errorf("a candidate that changes what must stay:\n%s", c)
			}
		}
	}
	// Calls and unnamed or void parameters keep their arguments.
	for _, src := range []string{
		"void f() {\n  g(a, b);\n  return h(x * y);\n}\n",
		"void f(int) {\n  if (a && b) {\n  }\n  while (p && q) {\n  }\n}\n",
		"int f(void) {\n  return 0;\n}\n",
		"int f(int, const char *) {\n  return 0;\n}\n",
	} {
		for _, c := range dropParameterNames(src) {
			t.Errorf("dropped a name that is not a parameter's:\n%s\nfrom\n%s", c, src)
		}
	}
	// A block too long for a line, or with a directive inside, stays.
	for _, src := range []string{
		"PyObject *keep(PyObject *, PyObject *obj) {\n  Py_INCREF(obj);\n  held.obj = obj;\n  Py_RETURN_NONE;\n}\n",
		"void f() {\n#ifdef X\n  g();\n#endif\n}\n",
	} {
		for _, c := range joinShortBlocks(src) {
			t.Errorf("joined a block that does not fit or holds a directive:\n%s", c)
		}
	}
	// A table the C API reads up to its sentinel keeps it.
	for _, src := range []string{
		"static PyMethodDef methods[] = {{\"keep\", keep, METH_O, NULL}, {NULL}};\n",
		"PyMethodDef m[] = {{\"keep\", keep, METH_O}, {}};\n",
		"PyMethodDef m[] = {{\"keep\", keep, METH_O}, {nullptr, nullptr, 0, nullptr},\n};\n",
		"static char *kwlist[] = {\"a\", \"b\", NULL};\n",
	} {
		for _, c := range dropListElements(src) {
			if !endsWithSentinel.MatchString(c) && !strings.HasSuffix(strings.TrimSpace(c), "= {};") {
				t.Errorf("dropped a table's sentinel:\n%s\nfrom\n%s", c, src)
			}
		}
	}
	twice := "int f() {\n  int m = g();\n  h(m);\n  return m;\n}\n"
	for _, c := range inlineOnceUsed(twice) {
		t.Errorf("inlined a variable used twice:\n%s", c)
	}
}
