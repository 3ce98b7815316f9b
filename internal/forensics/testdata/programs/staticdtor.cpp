// A namespace-scope static whose destructor dereferences freed state,
// run by the loader's fini when the process exits.
#define PY_SSIZE_T_CLEAN
#include <Python.h>
namespace {
struct Registry {
  int *slot = nullptr;
  ~Registry() { *slot = 1; }  // slot was never set: a null write at exit
};
Registry registry;
PyModuleDef module = {PyModuleDef_HEAD_INIT, "staticdtor", nullptr, -1, nullptr};
}
PyMODINIT_FUNC PyInit_staticdtor() { return PyModule_Create(&module); }
