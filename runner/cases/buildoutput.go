package cases

import "strings"

// BuildOutput says whether a folder named name is one that a build of a
// local package (packages: [./pkg]) writes into the package's source:
// build, dist, __pycache__ and *.egg-info. What is in them is the build's,
// not the case's: no run is failed for writing there (runner's corpus
// guard), and a change there changes no case (changed.Cases).
func BuildOutput(name string) bool {
	return name == "build" || name == "dist" || name == "__pycache__" || strings.HasSuffix(name, ".egg-info")
}
