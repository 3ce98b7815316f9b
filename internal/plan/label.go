package plan

import "github.com/cleanexit/cleanexit/toolchains"

// Labels names each interpreter as run IDs name it: "3.12", or "3.11.7"
// where two 3.11s are found. Reports list interpreters by these names, so
// that a column of a report and the IDs in it agree.
func Labels(ins []*toolchains.Interpreter) map[*toolchains.Interpreter]string {
	return labels(ins)
}
