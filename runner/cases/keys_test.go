package cases

import "testing"

// TestKeysDecode: every key of the table but variants and versions, which Parse reads
// itself, has a decoder, and names no key twice, so that a key added to
// the format cannot be accepted and then dropped or panic.
func TestKeysDecode(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k.name] {
			t.Errorf("key %q is in the table twice", k.name)
		}
		seen[k.name] = true
		if (k.decode == nil) != (k.name == "variants" || k.name == "versions") {
			t.Errorf("key %q: decoder %v", k.name, k.decode != nil)
		}
	}
	if got := KeyOrder(); len(got) != len(keys) || &got[0] == &topKeys[0] {
		t.Errorf("KeyOrder() = %v, want a copy of every key", got)
	}
}
