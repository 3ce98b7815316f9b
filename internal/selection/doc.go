// Package selection decides which planned runs this invocation executes,
// in what order, and with which expectations overridden from outside.
//
// It sits between plan and execution: plan says what a corpus means on
// this host; selection applies what the person running it asked for:
//
//   - Shard splits a run into N parts by a hash of each run's ID, so that
//     shard I of N names the same runs on every machine, whatever the
//     discovery order or the interpreters a host has (lit's shards depend
//     on test order: microsoft/STL#2794).
//   - Order sorts runs lexically, randomly from a seed, or "smart": last
//     failures first, then the slowest, from a timing file kept in the
//     cache, as lit does with .lit_test_times.txt.
//   - Override applies --xfail-not, --unsupported and --retries to runs
//     without editing a case (lit's LIT_XFAIL_NOT).
//
// Non-goals: filtering by regular expression (the session does that with
// --filter and --filter-out) and deciding verdicts.
package selection
