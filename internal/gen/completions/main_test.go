package main

import (
	"bytes"
	"os"
	"testing"
)

// The committed internal/uniform/completions_gen.go is what the generator
// writes now (about 15 seconds: every band form).
func TestCommittedFile(t *testing.T) {
	if testing.Short() {
		t.Skip("every band form: make test-long")
	}
	want, err := source()
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("../../uniform/completions_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Fatal("internal/uniform/completions_gen.go differs from the generator's output: run go generate ./internal/uniform")
	}
}
