package envs

import (
	"context"
	"fmt"
	"testing"
)

// Measure with:
//
//	go test ./internal/envs -run '^$' -bench . -benchtime 5x    (cold)
//	go test ./internal/envs -run '^$' -bench Warm               (warm)

func benchSpec(b *testing.B) Spec {
	spec := testPython(b, "3.12")
	spec.Packages = []string{"alpha", "beta", "gamma"}
	spec.Index = offline(wheelhouse(b, threeWheels...))
	return spec
}

// BenchmarkEnsureColdFirstEver: empty cache, so the pip copy is made too.
func BenchmarkEnsureColdFirstEver(b *testing.B) {
	spec := benchSpec(b)
	for b.Loop() {
		c := &Cache{Root: b.TempDir(), Installer: "pip"}
		if _, err := c.Ensure(context.Background(), spec); err != nil {
			b.Fatal(err)
		}
		c.Close()
	}
}

// BenchmarkEnsureCold: a new environment in a cache that already holds the
// pip copy (the usual cold case).
func BenchmarkEnsureCold(b *testing.B) {
	spec := benchSpec(b)
	c := &Cache{Root: b.TempDir(), Installer: "pip"}
	defer c.Close()
	if _, err := c.Ensure(context.Background(), spec); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		i++
		s := spec
		s.Index.Extra = []string{fmt.Sprintf("https://unused.invalid/%d", i)} // a new key; ignored under --no-index
		if env, err := c.Ensure(context.Background(), s); err != nil || !env.Built {
			b.Fatal(err)
		}
	}
}

// BenchmarkEnsureWarm: Ensure again through the same Cache.
func BenchmarkEnsureWarm(b *testing.B) {
	spec := benchSpec(b)
	c := &Cache{Root: b.TempDir(), Installer: "pip"}
	defer c.Close()
	if _, err := c.Ensure(context.Background(), spec); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if env, err := c.Ensure(context.Background(), spec); err != nil || env.Built {
			b.Fatal(err)
		}
	}
}

// BenchmarkEnsureWarmNewCache: Ensure through a new Cache, as a new cleanexit
// process would (use lock, marker read, used stamp).
func BenchmarkEnsureWarmNewCache(b *testing.B) {
	spec := benchSpec(b)
	root := b.TempDir()
	first := &Cache{Root: root, Installer: "pip"}
	if _, err := first.Ensure(context.Background(), spec); err != nil {
		b.Fatal(err)
	}
	first.Close()
	for b.Loop() {
		c := &Cache{Root: root, Installer: "pip"}
		if env, err := c.Ensure(context.Background(), spec); err != nil || env.Built {
			b.Fatal(err)
		}
		c.Close()
	}
}
