package envs

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// tryLockExclusive must see locks taken through lockedfile (shared or
// exclusive), even from this very process, or Prune could remove an
// environment in use.
func TestTryLockSeesLockedfileLocks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "locks", "x.use")
	for _, exclusive := range []bool{false, true} {
		f, err := lockFile(path, exclusive)
		if err != nil {
			t.Fatal(err)
		}
		if unlock, ok, err := tryLockExclusive(path); err != nil || ok {
			if ok {
				unlock()
			}
			t.Errorf("exclusive=%v: tryLockExclusive on a held lock: ok=%v err=%v", exclusive, ok, err)
		}
		f.Close()
		unlock, ok, err := tryLockExclusive(path)
		if err != nil || !ok {
			t.Fatalf("tryLockExclusive on a free lock: ok=%v err=%v", ok, err)
		}
		unlock()
	}
}

// A waiter for a lock file that is removed while held ends up holding the
// file now at that path, not the removed one.
func TestLockFileSurvivesRemoval(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.build")
	unlock, ok, err := tryLockExclusive(path)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	got := make(chan error, 1)
	go func() {
		f, err := lockFile(path, true)
		if err == nil {
			if !stillAt(f.File, path) {
				err = errors.New("holding a removed lock file")
			}
			f.Close()
		}
		got <- err
	}()
	time.Sleep(50 * time.Millisecond) // let the waiter open the old file
	os.Remove(path)
	unlock()
	select {
	case err := <-got:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("waiter never got the lock")
	}
}

func TestLockFileContextGivesUp(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.build")
	held, err := lockFile(path, true)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := lockFileContext(ctx, path, true); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("lockFileContext on a held lock = %v, want DeadlineExceeded", err)
	}
	held.Close()
	// The abandoned waiter must release the lock it eventually gets.
	deadline := time.Now().Add(5 * time.Second)
	for {
		unlock, ok, err := tryLockExclusive(path)
		if err != nil {
			t.Fatal(err)
		}
		if ok {
			unlock()
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the abandoned waiter kept the lock")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
