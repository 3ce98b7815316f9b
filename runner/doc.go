// Package runner runs a corpus: it ties the stages together.
//
// Data flows one way, each stage a package of its own:
//
//	txtar ──cases──▶ Case ──plan──▶ Run (case × variant × interpreter × host)
//	      ──envs──▶ environment ──script──▶ outcome ──▶ result ──report──▶ terminal
//
// A stage knows the one before it and never the one after. Two things
// cross stages: the feature registry (toolchains.Features), which the plan
// asks for requires/xfail and the script for its [conditions], so that
// both get one answer, each probed at most once; and the caller's two
// hooks, Config.Warn and Config.Started, which report upward to whoever
// opened the session (a rejected interpreter, a run starting) and change
// nothing downstream.
//
// A Session is one invocation of that pipeline: it loads the cases,
// discovers interpreters and host features once, expands the plan, and then
// executes runs — all of them with a worker pool (RunAll, the CLI), or one
// at a time (Execute, the `go test ./corpus/...` subtests). Environments are
// shared between runs through the cache; concurrent runs that need the same
// one wait for a single build. Every run's status is decided by one pure
// function, internal/verdict's Run, from the facts the stages report (the
// plan's, the environment's, the tries', the seals'); this package only
// gathers them.
package runner
