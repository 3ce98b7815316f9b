// Package sealed keeps a shared cache file with the hash of its content
// beside it, so that a reader can tell the file it stored from one that a
// case rewrote since: a build-ext module or a binding library's object
// that every later case links.
//
// The hash is a seal against a case that rewrites a cached file, not
// against one that also rewrites its hash (a case without --sandbox can
// do anything its user can): such a forgery is the limit the threat model
// names. A file whose seal does not match is not used; the next build
// replaces it, and `cleanexit cache verify` removes it.
//
// Non-goals: locking (writers rename into place; the caller locks what it
// must build once) and deciding what a file is keyed by.
package sealed

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Suffix names the file beside a sealed file that holds its hash.
const Suffix = ".sha256"

// Seal records the hash of path's content beside it. It writes the seal
// by an atomic rename, and is called after path is in place.
func Seal(path string) error {
	sum, err := Hash(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-seal-*")
	if err != nil {
		return err
	}
	_, werr := tmp.WriteString(sum + "\n")
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		if werr != nil {
			return werr
		}
		return cerr
	}
	if err := os.Rename(tmp.Name(), path+Suffix); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// Intact reports whether path exists and its content is what its seal
// says: false for a file rewritten since it was sealed, or never sealed.
func Intact(path string) bool {
	want, err := os.ReadFile(path + Suffix)
	if err != nil {
		return false
	}
	got, err := Hash(path)
	return err == nil && got == strings.TrimSpace(string(want))
}

// ReadIntact reads path, and reports whether what it read is what its
// seal says: a reader that parses the content checks the very bytes it
// parses, whatever a writer does meanwhile.
func ReadIntact(path string) (data []byte, intact bool, err error) {
	data, err = os.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	want, err := os.ReadFile(path + Suffix)
	if err != nil {
		return data, false, nil
	}
	sum := sha256.Sum256(data)
	return data, hex.EncodeToString(sum[:]) == strings.TrimSpace(string(want)), nil
}

// Touch marks path and its seal used now, for pruning by age.
func Touch(path string) {
	now := time.Now()
	os.Chtimes(path, now, now)
	os.Chtimes(path+Suffix, now, now)
}

// Remove removes path and its seal.
func Remove(path string) error {
	os.Remove(path + Suffix)
	return os.Remove(path)
}

// Hash is the hex SHA-256 of path's content, as a seal holds it.
func Hash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}
