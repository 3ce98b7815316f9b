package envs

import (
	"context"
	"sync"
)

// flight lets concurrent Ensure calls for one key in this process share a
// single build (the file lock alone would serialise them, but each would
// still re-check the cache and hold a goroutine on the lock).
type flight struct {
	mu    sync.Mutex
	calls map[string]*flightCall
}

type flightCall struct {
	done chan struct{}
	env  *Env
	err  error
}

// do runs fn for key unless a run for key is already in flight, in which
// case it waits for that run's result (or for ctx). leader reports whether
// this caller ran fn.
func (f *flight) do(ctx context.Context, key string, fn func() (*Env, error)) (env *Env, err error, leader bool) {
	f.mu.Lock()
	if f.calls == nil {
		f.calls = map[string]*flightCall{}
	}
	if call, ok := f.calls[key]; ok {
		f.mu.Unlock()
		select {
		case <-call.done:
			return call.env, call.err, false
		case <-ctx.Done():
			return nil, ctx.Err(), false
		}
	}
	call := &flightCall{done: make(chan struct{})}
	f.calls[key] = call
	f.mu.Unlock()

	call.env, call.err = fn()

	f.mu.Lock()
	delete(f.calls, key)
	f.mu.Unlock()
	close(call.done)
	return call.env, call.err, true
}
