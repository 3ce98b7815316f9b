package toolchains

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// FeatureMetal is true when a Metal device is usable: macOS lists a GPU
// that supports Metal. MLX runs its arrays there, so a case whose crash
// needs MLX's GPU path requires it; Apple-silicon hosts without a usable
// device (some virtual machines) say false with the reason.
const FeatureMetal = "metal"

// MetalDevice is one GPU as system_profiler SPDisplaysDataType lists it.
type MetalDevice struct {
	Name  string // the chipset model: "Apple M3", "Apple Paravirtual device"
	Metal string // the Metal line's value: "Metal 3", "Supported, feature set macOS GPUFamily2 v1"; "" when none
}

// Usable reports whether the device supports Metal: macOS 13 and later
// write "Metal Support: Metal 3" (or "Metal 4"), earlier versions
// "Metal: Supported, ..." or "Metal Family: Supported, ...".
func (d MetalDevice) Usable() bool {
	return strings.HasPrefix(d.Metal, "Metal ") || strings.HasPrefix(d.Metal, "Supported")
}

// parseSPDisplays reads the text output of `system_profiler
// SPDisplaysDataType`: under "Graphics/Displays:", one block per GPU whose
// first line is its name and whose keys include "Chipset Model" and one of
// "Metal Support", "Metal" or "Metal Family". Displays nested under a GPU
// are skipped. Text it does not understand is ignored: the output is for
// people and its wording changes between macOS versions.
func parseSPDisplays(out []byte) []MetalDevice {
	var devices []MetalDevice
	gpuIndent := -1
	for _, line := range strings.Split(string(out), "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || trimmed == "Graphics/Displays:" {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		key, value, _ := strings.Cut(trimmed, ":")
		value = strings.TrimSpace(value)
		switch {
		case value == "" && (gpuIndent < 0 || indent <= gpuIndent):
			// A GPU's heading ("    Apple M3:"): a key with no value at
			// the outermost level below Graphics/Displays.
			gpuIndent = indent
			devices = append(devices, MetalDevice{Name: key})
		case len(devices) == 0 || indent != gpuIndent+2:
			// Displays and their keys, nested deeper than the GPU's own.
		case key == "Chipset Model":
			devices[len(devices)-1].Name = value
		case key == "Metal Support" || key == "Metal" || key == "Metal Family":
			devices[len(devices)-1].Metal = value
		}
	}
	return devices
}

// probeMetal asks system_profiler for the GPUs; the feature holds when one
// supports Metal. It starts no Python and no Metal code, so it costs one
// process, once per DetectHost.
func probeMetal(ctx context.Context, run commandRunner) (bool, string) {
	stdout, stderr, err := run(ctx, nil, "system_profiler", "SPDisplaysDataType")
	switch {
	case errors.Is(err, exec.ErrNotFound):
		return false, "system_profiler not found"
	case ctx.Err() == context.DeadlineExceeded:
		return false, fmt.Sprintf("system_profiler: no answer within %s", probeTimeout)
	case err != nil:
		msg := lastLine(append(stdout, stderr...))
		if msg == "" {
			msg = err.Error()
		}
		return false, "system_profiler: " + msg
	}
	devices := parseSPDisplays(stdout)
	if len(devices) == 0 {
		return false, "system_profiler SPDisplaysDataType lists no GPU"
	}
	for _, d := range devices {
		if d.Usable() {
			return true, fmt.Sprintf("system_profiler: %s, Metal %s", d.Name, strings.TrimPrefix(d.Metal, "Metal "))
		}
	}
	return false, fmt.Sprintf("system_profiler: %s lists no Metal support", devices[0].Name)
}
