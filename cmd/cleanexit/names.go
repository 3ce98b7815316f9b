package main

import (
	"github.com/cleanexit/cleanexit/internal/cmdflag"
	"github.com/cleanexit/cleanexit/internal/command"
)

// The shared command plumbing (internal/command, internal/cmdflag), by the
// short names the commands here call it.
var (
	exit           = command.Exit
	quiet          = command.Quiet
	status         = command.Status
	asIs           = command.AsIs
	parse          = command.Parse
	errInterrupted = command.ErrInterrupted
	newFlagSet     = cmdflag.New
	splitJobsFlag  = cmdflag.SplitJobs
)

const (
	exitFailed      = command.Failed
	exitUsage       = command.UsageError
	exitInterrupted = command.Interrupted
	internalFlag    = cmdflag.Internal
)

type listFlag = cmdflag.List
