package envs

import (
	"fmt"
	"os"
)

// damage says what is wrong with the finished environment in dir, whose
// marker is m; "" when nothing is. It is the check an environment passes
// before a process first uses it, and it starts no process:
//
//   - the base interpreter is still the file it was built from (size and
//     modification time, as recorded in the marker), and the environment's
//     own interpreter still leads to it (the bin/python link is part of the
//     tree);
//   - the folder holds exactly what it held when it was built: every
//     *.dist-info folder with its RECORD and every file RECORD lists, no
//     file more (a planted .pth), none less (a removed package folder), none
//     rewritten.
//
// A damaged environment is never used: Ensure builds it again.
func damage(dir string, m *marker) string {
	switch info, err := os.Stat(m.Spec.Python); {
	case err != nil:
		return fmt.Sprintf("interpreter %s is gone", m.Spec.Python)
	case stampOf(info) != m.Python:
		return fmt.Sprintf("interpreter %s changed since the environment was built", m.Spec.Python)
	}
	now, err := scanTree(dir)
	if err != nil {
		return "unreadable: " + err.Error()
	}
	if changed := changes(dir, m.Files, now); changed != "" {
		return changed
	}
	if _, err := os.Stat(venvPython(dir)); err != nil {
		return "its interpreter does not start: " + err.Error()
	}
	return ""
}
