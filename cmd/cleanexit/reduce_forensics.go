package main

import "github.com/cleanexit/cleanexit/runner/reduce"

// reduceForensics reads the phase and culprit frame of a crashed run for
// reduce's interestingness; nil until the native stack forensics exist.
var reduceForensics reduce.Forensics

// reduceForensicsNote is what `reduce -h` says of phase and culprit.
const reduceForensicsNote = `Phase and culprit frame: not compared (this build has no
native stack forensics).`
