package cells

import (
	"bytes"
	"testing"
)

// FirstSpace finds the first separator wherever it is, whatever bytes come
// before it.
func TestFirstSpace(t *testing.T) {
	for n := range 40 {
		for _, sep := range []byte{' ', '\t', '\r', '\n'} {
			for _, filler := range []byte{'1', 0x01, 0x1f, '!', 0x80, 0xff} {
				b := bytes.Repeat([]byte{filler}, 40)
				b[n] = sep // after control bytes that are not separators, too
				if got := FirstSpace(b); got != n {
					t.Fatalf("filler %#x, separator %q at %d: %d", filler, sep, n, got)
				}
			}
		}
		if got := FirstSpace(bytes.Repeat([]byte{'x'}, n)); got != n {
			t.Fatalf("no separator in %d bytes: %d", n, got)
		}
	}
}
