//go:build !unix

package script

import "os"

// writeScript writes the run's script file, made anew: whatever the last
// run left in its place is removed first.
func (d *workdir) writeScript(data []byte) error {
	if err := removeWritable(d.script); err != nil {
		return err
	}
	return os.WriteFile(d.script, data, 0o666)
}
