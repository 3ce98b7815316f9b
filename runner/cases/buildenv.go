package cases

import "slices"

// BuildEnv lists, sorted, the caller's variables that any variant of the
// case passes to its environment build (index: env). A reviewer wants to
// see these: each one is a value from the machine that runs the corpus,
// a CI token perhaps, handed to code the case brings.
func (c *Case) BuildEnv() []string {
	var names []string
	for _, v := range c.Variants {
		names = append(names, v.Index.Env...)
	}
	slices.Sort(names)
	return slices.Compact(names)
}
