package envs

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recordingBackend is a PEP 517 build backend, in the package's own tree,
// that writes the environment it was started with to RECORD_PATH and then
// builds a one-module wheel by hand (no setuptools, no network).
const recordingBackend = `import base64, hashlib, json, os, zipfile
def _digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    with open(RECORD_PATH, "w") as f:
        json.dump(dict(os.environ), f)
    name = "recorder-1.0-py3-none-any.whl"
    files = {
        "recorder_mod.py": b"OK = True\n",
        "recorder-1.0.dist-info/METADATA": b"Metadata-Version: 2.1\nName: recorder\nVersion: 1.0\n",
        "recorder-1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join("%s,%s,%d\n" % (p, _digest(d), len(d)) for p, d in files.items())
    record += "recorder-1.0.dist-info/RECORD,,\n"
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as z:
        for p, d in files.items():
            z.writestr(p, d)
        z.writestr("recorder-1.0.dist-info/RECORD", record)
    return name
`

// TestBuildBackendSeesNoSecrets builds a local package whose backend
// records its environment, from a caller that holds secrets: the backend
// sees PATH, not GITHUB_TOKEN, AWS_SECRET_ACCESS_KEY or HOME, unless the
// spec names one (index: {env: [...]}).
func TestBuildBackendSeesNoSecrets(t *testing.T) {
	t.Parallel()
	src := t.TempDir()
	record := filepath.Join(t.TempDir(), "environ.json")
	writeFile(t, filepath.Join(src, "pyproject.toml"), "[build-system]\nrequires = []\nbuild-backend = \"recording_backend\"\nbackend-path = [\".\"]\n")
	writeFile(t, filepath.Join(src, "recording_backend.py"), "RECORD_PATH = "+pyString(record)+"\n"+recordingBackend)

	spec := testPython(t, "3.12")
	spec.Packages = []string{src}
	spec.Index = Index{NoIndex: true}
	c := newTestCache(t)
	c.environ = append(os.Environ(), "GITHUB_TOKEN=ghp_leak", "AWS_SECRET_ACCESS_KEY=aws_leak", "HOME=/home/leak", "PRIVATE_INDEX_TOKEN=wanted")
	seen := func() map[string]string {
		t.Helper()
		data, err := os.ReadFile(record)
		if err != nil {
			t.Fatalf("the backend recorded nothing: %v", err)
		}
		var env map[string]string
		if err := json.Unmarshal(data, &env); err != nil {
			t.Fatal(err)
		}
		return env
	}
	env, err := c.Ensure(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	runIn(t, env, os.Environ(), env.Python, "-c", "import recorder_mod")
	got := seen()
	for _, secret := range []string{"GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY", "HOME", "PRIVATE_INDEX_TOKEN"} {
		if v, ok := got[secret]; ok {
			t.Errorf("the build backend saw %s=%s", secret, v)
		}
	}
	if !strings.Contains(got["PATH"], string(filepath.Separator)) {
		t.Errorf("the build backend saw no PATH: %q", got["PATH"])
	}

	os.Remove(record)
	spec.Index.Env = []string{"PRIVATE_INDEX_TOKEN"}
	if _, err := c.Ensure(context.Background(), spec); err != nil {
		t.Fatal(err)
	}
	got = seen()
	if got["PRIVATE_INDEX_TOKEN"] != "wanted" {
		t.Errorf("a variable the case names reached the backend as %q, want %q", got["PRIVATE_INDEX_TOKEN"], "wanted")
	}
	if _, ok := got["GITHUB_TOKEN"]; ok {
		t.Error("naming one variable let the others through")
	}
}

// pyString quotes s as a Python string literal.
func pyString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
