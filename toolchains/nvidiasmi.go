package toolchains

import (
	"fmt"
	"strconv"
	"strings"
)

// GPU is one NVIDIA GPU as nvidia-smi reports it.
type GPU struct {
	Name       string `json:"name"`        // "NVIDIA H100 80GB HBM3"
	Driver     string `json:"driver"`      // "550.54.15"
	ComputeCap string `json:"compute_cap"` // "9.0"; "" when the driver cannot say (before 510)
	MemoryMiB  int    `json:"memory_mib"`  // 0 when not reported ([N/A] on unified-memory systems)
}

// nvidiaSMIQuery is the query DetectHost runs; parseNvidiaSMI reads its
// output by default.
var nvidiaSMIQuery = []string{"name", "driver_version", "compute_cap", "memory.total"}

// nvidiaSMIArgs builds the nvidia-smi command line for a column list.
func nvidiaSMIArgs(columns []string) []string {
	return []string{"--query-gpu=" + strings.Join(columns, ","), "--format=csv,noheader,nounits"}
}

// parseNvidiaSMI reads the output of
//
//	nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv,noheader,nounits
//
// one GPU per line. It also reads output that starts with nvidia-smi's
// header line (--format=csv), in which case columns are found by name and
// may come in any order, and values may carry units ("81559 MiB").
//
// nvidia-smi's own complaints ("Field "compute_cap" is not a valid field to
// query.", "NVIDIA-SMI has failed ...", "No devices were found") are errors
// that quote it. Output with no header line has the given columns.
func parseNvidiaSMI(csv []byte, columns []string) ([]GPU, error) {
	var lines []string
	for _, line := range strings.Split(string(csv), "\n") {
		if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	if len(lines) > 0 {
		if header := splitCSV(lines[0]); isNvidiaSMIHeader(header) {
			columns = make([]string, len(header))
			for i, h := range header {
				// "memory.total [MiB]" names the column memory.total.
				name, _, _ := strings.Cut(h, " [")
				columns[i] = strings.TrimSpace(name)
			}
			lines = lines[1:]
		}
	}
	gpus := []GPU{}
	for n, line := range lines {
		fields := splitCSV(line)
		if len(fields) != len(columns) {
			return nil, fmt.Errorf("nvidia-smi line %d: %q: want %d fields (%s), got %d", n+1, line, len(columns), strings.Join(columns, ", "), len(fields))
		}
		var g GPU
		for i, col := range columns {
			v := fields[i]
			if v == "[N/A]" || v == "N/A" || v == "[Not Supported]" {
				v = ""
			}
			switch col {
			case "name", "gpu_name":
				g.Name = v
			case "driver_version":
				g.Driver = v
			case "compute_cap":
				g.ComputeCap = v
			case "memory.total":
				if v == "" {
					break
				}
				mib, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(v, "MiB")))
				if err != nil {
					return nil, fmt.Errorf("nvidia-smi line %d: memory.total %q is not a number of MiB", n+1, fields[i])
				}
				g.MemoryMiB = mib
			}
		}
		if g.Name == "" {
			return nil, fmt.Errorf("nvidia-smi line %d: %q names no GPU", n+1, line)
		}
		gpus = append(gpus, g)
	}
	return gpus, nil
}

// splitCSV splits one line of nvidia-smi CSV. nvidia-smi neither quotes
// nor escapes: fields are separated by ", " and GPU names hold no comma.
func splitCSV(line string) []string {
	fields := strings.Split(line, ",")
	for i := range fields {
		fields[i] = strings.TrimSpace(fields[i])
	}
	return fields
}

// isNvidiaSMIHeader reports whether a line is nvidia-smi's CSV header: it
// names the query's fields instead of giving values.
func isNvidiaSMIHeader(fields []string) bool {
	for _, f := range fields {
		switch name, _, _ := strings.Cut(f, " ["); name {
		case "name", "gpu_name", "driver_version":
			return true
		}
	}
	return false
}
