package runner

import (
	"context"

	"github.com/cleanexit/cleanexit/internal/envs"
	"github.com/cleanexit/cleanexit/internal/plan"
)

// buildAsking builds the environment of a run whose packages need an
// index not known to answer (plan.Run.AskIndex) while, beside it, the
// index is asked whether it does: the question (a python process and a
// TLS handshake, about 0.2 s) then costs no wall time when it does. When
// the index does not answer, the build stops and the run installs from its
// local wheels alone where those hold every package, or is UNSUPPORTED for
// want of the network (network says why), as it would have been had the
// planner asked.
func (s *Session) buildAsking(ctx context.Context, r *plan.Run, spec envs.Spec) (env *envs.Env, network string, err error) {
	type built struct {
		env *envs.Env
		err error
	}
	type answer struct {
		ok  bool
		why string
	}
	asked := make(chan answer, 1)
	s.asking.Add(1) // Close waits: the probe is a process of the session's
	go func() {
		defer s.asking.Done()
		ok, why := s.features.Answer(nil, "network")
		asked <- answer{ok, why}
	}()
	bctx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan built, 1)
	go func() {
		env, err := s.Cache.Ensure(bctx, spec)
		done <- built{env, err}
	}()
	var a answer
	select {
	case b := <-done:
		if b.err == nil {
			return b.env, "", nil
		}
		// A failed build is the index's fault when the index did not
		// answer: the same UNSUPPORTED the planner would have given.
		if a = <-asked; a.ok || ctx.Err() != nil {
			return nil, "", b.err
		}
	case a = <-asked:
		if a.ok {
			b := <-done
			return b.env, "", b.err
		}
		stop()
		<-done
	}
	if ctx.Err() != nil { // stopped: the index's silence may be the stop's
		return nil, "", ctx.Err()
	}
	idx := r.OfflineIndex()
	if idx == nil {
		return nil, a.why, nil
	}
	offline := *r
	offline.Index = *idx
	env, err = s.Cache.Ensure(ctx, envSpec(&offline))
	return env, "", err
}
