package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Workload 1 beside what users would run instead: real lit, tox and nox,
// installed from the package index into an environment of the
// benchmark's own, each running the same n trivial scripts (`python -c
// pass`) on the same interpreter: lit as `RUN: %python %s` tests two at a
// time (-j 2, cleanexit's -j), tox as one environment's commands, nox as
// one session's. Each peer's own environment is made once, before the
// pairs, as cleanexit's cache is warm. Where the index does not answer,
// the rows say so and nothing is measured.
func (b *bench) peerRows(ce trial) []row {
	n := b.sz.warmCases
	root := filepath.Join(b.scratch, "peers")
	tools, err := installPeers(b.python, root)
	if err != nil {
		return []row{{name: "1 warm, against lit, tox and nox", note: "skipped: " + lastLine(err.Error())}}
	}
	suite, err := writePeerSuite(filepath.Join(root, "suite"), b.python, n)
	if err != nil {
		return []row{{name: "1 warm, against lit, tox and nox", note: "skipped: " + err.Error()}}
	}
	env := append([]string{"NO_COLOR=1"}, baselineEnv...)
	peers := []struct {
		name, what string
		target     float64
		p          process
	}{
		{"lit", "real lit -j 2, `RUN: %python %s`", 0.90,
			process{env: env, args: []string{tools + "/lit", "-q", "-j", "2", suite + "/lit"}}},
		{"tox", "real tox, one environment's commands", 0,
			process{env: env, args: []string{tools + "/tox", "-q", "-c", suite + "/tox/tox.ini", "-e", "trivial"}}},
		{"nox", "real nox -R, one session's runs", 0,
			process{env: env, args: []string{tools + "/nox", "-R", "-f", suite + "/nox/noxfile.py", "-s", "trivial"}}},
	}
	var rows []row
	for _, peer := range peers {
		t := peer.p.timed()
		if _, _, err := t(); err != nil { // its environment, made once, as cleanexit's is warm
			rows = append(rows, row{name: "1 warm, against " + peer.name, note: "skipped: " + lastLine(err.Error())})
			continue
		}
		p, err := alternate(b.pairsFor(warmPairs), ce, t)
		if err != nil {
			rows = append(rows, row{name: "1 warm, against " + peer.name, note: "skipped: " + err.Error()})
			continue
		}
		rows = append(rows, row{
			name: fmt.Sprintf("1 warm, %d runs, against %s", n, peer.name), a: p.a,
			baseline: peer.what, b: p.b, ratios: p.ratios(), cpuRatio: p.cpuRatio(),
			target: peer.target, cmd: "cleanexit run -j 2",
		})
	}
	return rows
}

// installPeers makes a virtual environment under root with lit, tox and
// nox from the index, and returns its bin folder. pip's own download cache
// is the machine's: a second benchmark downloads nothing.
func installPeers(python, root string) (string, error) {
	venv := filepath.Join(root, "tools")
	for _, args := range [][]string{
		{python, "-m", "venv", venv},
		{filepath.Join(venv, "bin", "pip"), "install", "-q", "--timeout", "30", "lit", "tox", "nox"},
	} {
		if _, err := (process{env: baselineEnv, args: args}).run(); err != nil {
			return "", fmt.Errorf("installing lit, tox and nox from the index: %v", err)
		}
	}
	return filepath.Join(venv, "bin"), nil
}

// writePeerSuite writes the n trivial scripts as each peer takes them.
func writePeerSuite(dir, python string, n int) (string, error) {
	files := map[string]string{
		"lit/lit.cfg.py": fmt.Sprintf("import lit.formats\nconfig.name = 'trivial'\nconfig.suffixes = ['.py']\n"+
			"config.excludes = ['lit.cfg.py']\nconfig.test_format = lit.formats.ShTest()\nconfig.substitutions.append(('%%python', %q))\n", python),
	}
	var tox, nox strings.Builder
	fmt.Fprintf(&tox, "[tox]\nskipsdist = true\nrequires = tox>=4\n[testenv:trivial]\nbasepython = %s\nskip_install = true\ncommands =\n", python)
	fmt.Fprintf(&nox, "import nox\n\n@nox.session(python=%q, reuse_venv=True)\ndef trivial(session):\n", python)
	for i := range n {
		name := fmt.Sprintf("c%03d.py", i)
		files["lit/"+name] = "# RUN: %python %s\npass\n"
		fmt.Fprintf(&tox, "    python -c pass\n")
		fmt.Fprintf(&nox, "    session.run('python', '-c', 'pass', silent=True)\n")
	}
	files["tox/tox.ini"] = tox.String()
	files["nox/noxfile.py"] = nox.String()
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			return "", err
		}
		if err := os.WriteFile(p, []byte(data), 0o666); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// lastLine is the last line of a tool's error, which says what went wrong.
func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndexByte(s, '\n')+1:]
}
