package main

import (
	"os"
	"testing"
)

// TestIsTerminal: progress goes only to a terminal, not to /dev/null (a
// character device), a pipe, a file or a buffer.
func TestIsTerminal(t *testing.T) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	f, err := os.Create(t.TempDir() + "/out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for name, x := range map[string]any{"/dev/null": null, "a pipe": w, "a file": f, "a buffer": &syncBuffer{}} {
		if isTerminal(x) {
			t.Errorf("%s taken for a terminal", name)
		}
	}
}
