//go:build !(darwin || dragonfly || freebsd || illumos || linux || netbsd || openbsd)

package envs

import (
	"context"
	"errors"
	"time"
)

// tryLockGrace is how long tryLockExclusive waits where the platform offers
// no non-blocking lock through lockedfile: an unheld lock is granted in
// microseconds, so a holder that keeps it this long is really holding it.
const tryLockGrace = 200 * time.Millisecond

// tryLockExclusive locks path exclusively if nobody holds it; ok is false
// when another holder has it. Here lockedfile is the only portable locker,
// and it can only wait, so a short wait stands in for "non-blocking".
func tryLockExclusive(path string) (unlock func(), ok bool, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), tryLockGrace)
	defer cancel()
	f, err := lockFileContext(ctx, path, true)
	if errors.Is(err, context.DeadlineExceeded) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return func() { f.Close() }, true, nil
}
