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
// A seal also keeps, once the file has settled, its stamp (device, inode,
// size, write and change times: internal/filestamp). A file whose stamp
// is still the one its hash was checked against has not been written
// since, no call can set a change time back, and Intact trusts it without
// reading it again: hashing a 3 MB module was most of a warm build-ext's
// time. Touch marks use on the seal, not on the file, to keep its stamp.
//
// Non-goals: locking (writers rename into place; the caller locks what it
// must build once) and deciding what a file is keyed by.
package sealed

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/cleanexit/cleanexit/internal/filestamp"
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
	return writeSeal(path, sum, "")
}

// writeSeal writes path's seal: its hash and, when known, its stamp.
func writeSeal(path, sum, stamp string) error {
	line := sum
	if stamp != "" {
		line += " " + stamp
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-seal-*")
	if err != nil {
		return err
	}
	_, werr := tmp.WriteString(line + "\n")
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

// readSeal is the hash path's seal holds, and its stamp ("" when none).
func readSeal(path string) (sum, stamp string, err error) {
	data, err := os.ReadFile(path + Suffix)
	if err != nil {
		return "", "", err
	}
	fields := strings.Fields(string(data))
	switch len(fields) {
	case 1:
		return fields[0], "", nil
	case 2:
		return fields[0], fields[1], nil
	}
	return "", "", errMalformed
}

var errMalformed = errors.New("sealed: malformed seal")

// settled is how old a file's last change must be before its stamp is
// kept: a filesystem's clock may tick coarsely (a few milliseconds), and a
// write in the same tick as the one checked would leave the stamp as it
// was.
const settled = time.Second

// stampOf spells fi's stamp as a seal keeps it; "" when the system gives
// none, or the file changed too recently for its stamp to tell a later
// change apart.
func stampOf(fi os.FileInfo, now time.Time) string {
	st, ok := filestamp.Of(fi)
	if !ok || now.UnixNano()-st.CtimeNS < int64(settled) || now.UnixNano()-st.MtimeNS < int64(settled) {
		return ""
	}
	return fmt.Sprintf("%d:%d:%d:%d:%d", st.Dev, st.Ino, st.Size, st.MtimeNS, st.CtimeNS)
}

// Intact reports whether path exists and its content is what its seal
// says: false for a file rewritten since it was sealed, or never sealed.
// A file whose stamp is the seal's is not read; one read and found intact
// has its stamp added to the seal, once it has settled.
func Intact(path string) bool {
	want, stamp, err := readSeal(path)
	if err != nil {
		return false
	}
	before, err := os.Lstat(path)
	if err != nil || !before.Mode().IsRegular() {
		return false
	}
	now := time.Now()
	if stamp != "" && stampOf(before, now) == stamp {
		return true
	}
	if got, err := Hash(path); err != nil || got != want {
		return false
	}
	// Kept only if nothing changed while the file was read.
	if after, err := os.Lstat(path); err == nil {
		if s := stampOf(after, now); s != "" && s == stampOf(before, now) && s != stamp {
			writeSeal(path, want, s)
		}
	}
	return true
}

// Verify reports whether path's content is what its seal says, reading
// it whatever its stamp: `cleanexit cache verify`'s check.
func Verify(path string) bool {
	want, _, err := readSeal(path)
	if err != nil {
		return false
	}
	got, err := Hash(path)
	return err == nil && got == want
}

// ReadIntact reads path, and reports whether what it read is what its
// seal says: a reader that parses the content checks the very bytes it
// parses, whatever a writer does meanwhile.
func ReadIntact(path string) (data []byte, intact bool, err error) {
	data, err = os.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	want, _, err := readSeal(path)
	if err != nil {
		return data, false, nil
	}
	sum := sha256.Sum256(data)
	return data, hex.EncodeToString(sum[:]) == want, nil
}

// Touch marks path used now, for pruning by age (LastUsed), on its seal:
// the file's own times stay, and with them its stamp.
func Touch(path string) {
	now := time.Now()
	os.Chtimes(path+Suffix, now, now)
}

// LastUsed is when path was last stored or used: the later of its own
// modification time and its seal's (Touch).
func LastUsed(path string, fi os.FileInfo) time.Time {
	t := fi.ModTime()
	if s, err := os.Stat(path + Suffix); err == nil && s.ModTime().After(t) {
		t = s.ModTime()
	}
	return t
}

// Remove removes path and its seal.
func Remove(path string) error {
	os.Remove(path + Suffix)
	return os.Remove(path)
}

// hashes counts the files Hash read, for the tests of Intact's stamp.
var hashes atomic.Int64

// Hash is the hex SHA-256 of path's content, as a seal holds it.
func Hash(path string) (string, error) {
	hashes.Add(1)
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
