package envs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/cleanexit/cleanexit/internal/seal"
)

// markerName is the file that makes an environment folder trustworthy. It is
// written last, after the installer succeeded, so its presence means the
// build finished.
const markerName = "cleanexit-env.json"

// markerFormat changes whenever the marker's meaning changes; an older
// marker makes the environment stale.
const markerFormat = 2

// marker records what an environment was built from and what it holds.
// Format 2 added Files.
type marker struct {
	Format     int           `json:"format"`
	Key        string        `json:"key"`
	Spec       Spec          `json:"spec"`
	Installer  string        `json:"installer"` // "pip 23.2.1", "uv", or "" when nothing was installed
	Installed  []string      `json:"installed"` // "name==version", sorted
	Python     fileStamp     `json:"python_stat"`
	BuiltAt    time.Time     `json:"built_at"`
	BuildNanos int64         `json:"build_ns"`
	BuildID    string        `json:"build_id"` // random; tells one build from another
	Warnings   []string      `json:"warnings,omitempty"`
	Commands   [][]string    `json:"commands,omitempty"` // the commands that built it, for whoever debugs it
	Files      seal.Snapshot `json:"files"`              // what the folder held when built (see watch.go)
}

// fileStamp is the cheap identity of a file: if its size or modification
// time changed, so may have its contents.
type fileStamp struct {
	Size    int64 `json:"size"`
	ModTime int64 `json:"mtime_ns"`
}

func stampOf(info os.FileInfo) fileStamp {
	return fileStamp{Size: info.Size(), ModTime: info.ModTime().UnixNano()}
}

// readMarker loads and checks the marker of the environment in dir. An error
// means the folder is not a finished environment for key and must not be
// used.
func readMarker(dir, key string) (*marker, error) {
	data, err := os.ReadFile(filepath.Join(dir, markerName))
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, errors.New("no " + markerName + " (the build did not finish)")
		}
		return nil, err
	}
	var m marker
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s is damaged: %v", markerName, err)
	}
	switch {
	case m.Format != markerFormat:
		return nil, fmt.Errorf("%s has format %d, want %d", markerName, m.Format, markerFormat)
	case m.Key != key:
		return nil, fmt.Errorf("%s is for key %q, not %q", markerName, m.Key, key)
	}
	return &m, nil
}

// writeMarker writes m into dir. The caller writes it as the very last step
// of a build.
func writeMarker(dir string, m *marker) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, markerName))
	if err != nil {
		return err
	}
	if _, err := f.Write(buf.Bytes()); err != nil {
		f.Close()
		return err
	}
	// Flushed before the rename that publishes the environment, so a crash
	// cannot publish an environment with an empty marker.
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
