// Package filestamp reads what a file's inode says of it: which file it
// is (device and inode), its size, and the times of its last write and of
// its last change of any kind (ctime: content, mode, links or times),
// which no call sets back; only setting the system clock does. A file
// whose stamp is what it was has not been written since, so a reader can
// trust what it checked before without reading it again: discovery's
// folder listings (toolchains) and a sealed cache file's hash
// (internal/sealed).
package filestamp

// A Stamp is a file's identity and times, as Of reads them.
type Stamp struct {
	Dev, Ino         uint64
	Size             int64
	MtimeNS, CtimeNS int64
}
