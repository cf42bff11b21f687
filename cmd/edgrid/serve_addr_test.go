package main

import (
	"strings"
	"testing"
)

// A bad --addr is a bad flag value: exit 2 before anything is listened on.
func TestServeBadAddr(t *testing.T) {
	for _, addr := range []string{"127.0.0.1:99999", "127.0.0.1:-1", "127.0.0.1:8o80", "localhost"} {
		code, _, errs := run(t, "", "serve", "--addr", addr)
		if code != exitUsage || !strings.Contains(errs, "--addr "+addr) {
			t.Errorf("--addr %s: exit %d, stderr %q; want exit 2 naming the flag", addr, code, errs)
		}
	}
}
