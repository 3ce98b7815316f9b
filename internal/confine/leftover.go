package confine

// A Leftover is a process that a sandboxed command left running behind
// it, which its sandbox killed once the command had exited: the caller
// names it, as it names what an unconfined run leaves.
type Leftover struct {
	PID  int    `json:"pid"`  // its pid in the sandbox's PID namespace, not the caller's
	Name string `json:"name"` // its command name, as /proc/PID/stat gives it
}
