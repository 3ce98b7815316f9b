package toolchains

import (
	"os"
	"strings"
)

// cpuModel names the CPU on systems other than macOS (where sysctl does):
// Linux's /proc/cpuinfo, Windows's PROCESSOR_IDENTIFIER.
func cpuModel(goos string, getenv func(string) string) string {
	switch goos {
	case "linux":
		data, err := os.ReadFile("/proc/cpuinfo")
		if err != nil {
			return ""
		}
		return cpuModelFromCPUInfo(data)
	case "windows":
		return getenv("PROCESSOR_IDENTIFIER")
	}
	return ""
}

// cpuModelFromCPUInfo reads the CPU's name from /proc/cpuinfo: "model name"
// on x86; arm64 kernels print no model name, and some boards name
// themselves in "Hardware" or "Model" instead.
func cpuModelFromCPUInfo(data []byte) string {
	fields := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key = strings.TrimSpace(key)
		if _, seen := fields[key]; !seen {
			fields[key] = strings.TrimSpace(value)
		}
	}
	for _, key := range []string{"model name", "Hardware", "Model"} {
		if v := fields[key]; v != "" {
			return v
		}
	}
	return ""
}
