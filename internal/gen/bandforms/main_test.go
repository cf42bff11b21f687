package main

import (
	"bytes"
	"os"
	"testing"

	"edgrid/canon"
)

// The committed canon/bandforms_gen.go is what the generator writes now.
func TestCommittedFile(t *testing.T) {
	want, err := source(canon.DeriveBandForms())
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("../../../canon/bandforms_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Fatal("canon/bandforms_gen.go differs from the generator's output: run go generate ./canon")
	}
}
