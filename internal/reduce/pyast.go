package reduce

import (
	"bufio"
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
)

//go:embed pyast_helper.py
var pyastHelper []byte

// A pyAST answers questions about Python sources through the target
// interpreter's own ast module: one long-lived helper process, so that a
// syntax check costs a pipe round trip, not an interpreter start, and the
// syntax of every Python version is the one that version accepts.
type pyAST struct {
	mu   sync.Mutex
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	dir  string
	dead error
}

// startPyAST starts the helper under python (the base interpreter of the
// run: its ast module is the environment's).
func startPyAST(ctx context.Context, python string) (*pyAST, error) {
	dir, err := os.MkdirTemp("", "cleanexit-reduce-")
	if err != nil {
		return nil, err
	}
	script := filepath.Join(dir, "pyast_helper.py")
	if err := os.WriteFile(script, pyastHelper, 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	cmd := exec.CommandContext(ctx, python, "-E", "-s", script)
	cmd.Env = append(os.Environ(), "PYTHONIOENCODING=utf-8", "PYTHONDONTWRITEBYTECODE=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("starting the ast helper under %s: %w", python, err)
	}
	return &pyAST{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<16), dir: dir}, nil
}

// pyAnswer is one reply of the helper.
type pyAnswer struct {
	OK         bool     `json:"ok"`
	Error      string   `json:"error"`
	Units      [][2]int `json:"units"`
	Candidates []string `json:"candidates"`
}

func (p *pyAST) ask(req map[string]any) (pyAnswer, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.dead != nil {
		return pyAnswer{}, p.dead
	}
	b, err := json.Marshal(req)
	if err != nil {
		return pyAnswer{}, err
	}
	var a pyAnswer
	if _, err = p.in.Write(append(b, '\n')); err == nil {
		var line []byte
		if line, err = p.out.ReadBytes('\n'); err == nil {
			err = json.Unmarshal(line, &a)
		}
	}
	if err != nil {
		p.dead = fmt.Errorf("the ast helper stopped answering: %w", err)
		return pyAnswer{}, p.dead
	}
	return a, nil
}

// Check reports whether src parses; the error says where it does not.
func (p *pyAST) Check(src string) error {
	a, err := p.ask(map[string]any{"op": "check", "src": src})
	if err != nil {
		return err
	}
	if !a.OK {
		return fmt.Errorf("%s", a.Error)
	}
	return nil
}

// Units are the statements nested depth deep, as 0-based half-open line
// ranges.
func (p *pyAST) Units(src string, depth int) ([]span, error) {
	a, err := p.ask(map[string]any{"op": "units", "src": src, "depth": depth})
	if err != nil {
		return nil, err
	}
	if !a.OK {
		return nil, fmt.Errorf("%s", a.Error)
	}
	out := make([]span, 0, len(a.Units))
	for _, u := range a.Units {
		out = append(out, span{u[0] - 1, u[1]})
	}
	return out, nil
}

// Simplify lists shorter sources one simplification away from src.
func (p *pyAST) Simplify(src string) ([]string, error) {
	a, err := p.ask(map[string]any{"op": "simplify", "src": src})
	if err != nil {
		return nil, err
	}
	if !a.OK {
		return nil, fmt.Errorf("%s", a.Error)
	}
	return a.Candidates, nil
}

// Close stops the helper and removes its script.
func (p *pyAST) Close() {
	p.in.Close()
	p.cmd.Wait()
	os.RemoveAll(p.dir)
}
