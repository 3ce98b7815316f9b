// Command bench measures cleanexit against what people run instead, side by
// side on this machine, for the targets of issue 4: a warm corpus run
// against an `xargs -P2` loop of the same interpreter runs, a cold run with
// packages against `python -m venv` + pip per case, a warm run with packages
// against unzipped-wheel venvs (the floor), list/check/run at 2,000 cases,
// warm interpreter discovery, and (issue 14) a two-variant C++ case built
// against real nanobind: cold against two bare `c++` builds of the same
// files, warm as build-ext's own time; and (issue 16) the tests per second
// of `cleanexit reduce` on a generated 41-line repro. Workload 6 needs
// ../shared/wheels and a C++ compiler, and says it skipped when either is
// absent.
//
//	go run ./bench            # 15 pairs per warm comparison, 5 per cold one
//	go run ./bench -pairs 31  # more pairs on a noisy machine
//	go run ./bench -short     # 1 pair, small workloads: CI's smoke run
//
// Every workload is generated in a temporary folder (txtar corpora, a
// wheelhouse built with internal/wheelhouse, empty caches); nothing reads
// the network or the user's cleanexit cache. cleanexit is built once with
// `go build` and run as a subprocess, as a user runs it. Each comparison
// runs its sides back to back, A B, B A, A B…, so that drift in the
// machine's load lands on both sides and neither always starts in the
// other's aftermath (see alternate), and reports medians, min–max and the
// ratio pair by pair, with a 95% interval for the median ratio
// (medianInterval) where there are six pairs or more.
//
// Non-goals: asserting timings (the numbers belong to the machine; -short
// only proves the workloads still run), and comparing against tox, nox or
// lit, which are not installed where this runs: the table holds
// their figures, and the loops here are the floors they are measured
// against.
package main
