package runner

import (
	"context"
	"time"

	"github.com/cleanexit/cleanexit/internal/envs"
	"github.com/cleanexit/cleanexit/internal/plan"
)

// askAfter is how long a build runs before the index is asked, beside it,
// whether it answers. Most builds from a warm download cache end sooner
// and never ask: the question is a python process and a TLS handshake,
// about 0.12 s of CPU, a fifth of a primed uv build. A silent index is
// found out this much later. A build past askAfter that is not at the
// index (compiling byte code, sealing the environment) asks only if it
// gets there, looked at every askAgain.
const (
	askAfter = time.Second
	askAgain = askAfter / 4
)

// buildAsking builds the environment of a run whose packages need an
// index not known to answer (plan.Run.AskIndex). A build that fails, or
// that is at the index past askAfter, asks the index whether it answers. When it does
// not, the build stops and the run installs from its local wheels alone
// where those hold every package, or is UNSUPPORTED for want of the
// network (network says why), as it would have been had the planner asked.
func (s *Session) buildAsking(ctx context.Context, r *plan.Run, spec envs.Spec) (env *envs.Env, network string, err error) {
	type built struct {
		env *envs.Env
		err error
	}
	type answer struct {
		ok  bool
		why string
	}
	bctx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan built, 1)
	go func() {
		env, err := s.Cache.Ensure(bctx, spec)
		done <- built{env, err}
	}()
	later := time.NewTimer(askAfter)
	defer later.Stop()
	var b built
	finished := false
wait:
	for {
		select {
		case b = <-done:
			finished = true
			if b.err == nil || ctx.Err() != nil {
				return b.env, "", b.err
			}
			break wait
		case <-later.C:
			if s.Cache.AtIndex(spec) {
				break wait
			}
			later.Reset(askAgain)
		}
	}
	asked := make(chan answer, 1)
	s.asking.Add(1) // Close waits: the probe is a process of the session's
	go func() {
		defer s.asking.Done()
		ok, why := s.features.Answer(nil, "network")
		asked <- answer{ok, why}
	}()
	if !finished {
		select {
		case b = <-done:
			if b.err == nil {
				return b.env, "", nil
			}
		case a := <-asked:
			if a.ok {
				b := <-done
				return b.env, "", b.err
			}
			stop()
			<-done
			if ctx.Err() != nil { // stopped: the index's silence may be the stop's
				return nil, "", ctx.Err()
			}
			return s.buildOffline(ctx, r, a.why)
		}
	}
	// A failed build is the index's fault when the index did not answer:
	// the same UNSUPPORTED the planner would have given.
	if a := <-asked; !a.ok && ctx.Err() == nil {
		return s.buildOffline(ctx, r, a.why)
	}
	return nil, "", b.err
}

// buildOffline builds a run's environment from its local wheels alone,
// the index having not answered (why): where those do not hold every
// package, the run is UNSUPPORTED for want of the network.
func (s *Session) buildOffline(ctx context.Context, r *plan.Run, why string) (env *envs.Env, network string, err error) {
	idx := r.OfflineIndex()
	if idx == nil {
		return nil, why, nil
	}
	offline := *r
	offline.Index = *idx
	env, err = s.Cache.Ensure(ctx, envSpec(&offline))
	return env, "", err
}
