package confine

// A Policy is what a confined process may still do.
type Policy struct {
	// Writable are the folders beneath which the process may create,
	// write, truncate, rename, link and remove files.
	Writable []string
	// Network leaves network sockets allowed.
	Network bool
}
