//go:build !linux && !darwin

package filestamp

import "os"

// Of is unknown here (no change time): callers read the file again.
func Of(fi os.FileInfo) (Stamp, bool) { return Stamp{}, false }
