//go:build !unix

package script

import "os"

// writeScript writes the run's script file over the last run's, in place.
// os.WriteFile truncates first, which on ext4 frees the file's block and
// allocates it again (with discard, a discard each time); writing over it
// and cutting it to length frees nothing while scripts fit in a block.
func (d *workdir) writeScript(data []byte) error {
	f, err := os.OpenFile(d.script, os.O_WRONLY|os.O_CREATE, 0o666)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err == nil {
		var fi os.FileInfo
		if fi, err = f.Stat(); err == nil && fi.Size() > int64(len(data)) {
			err = f.Truncate(int64(len(data)))
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
