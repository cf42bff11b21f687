package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"

	"edgrid/band"
)

// The committed band/groups_gen.go is what the generator writes: every
// candidate is decided again (about 6 minutes on two cores), or in short
// mode a sample of them, the empty ones included.
func TestCommittedFile(t *testing.T) {
	forms := band.Forms()
	var sample []int
	if testing.Short() {
		rng := rand.New(rand.NewPCG(1, 2))
		for range 40 {
			sample = append(sample, rng.IntN(len(forms)*10))
		}
		// Every candidate of the first band form that starts no minlex
		// grid: empty ones, settled only by a whole search.
		for f := range forms {
			if !band.CanStart(f) {
				for i := range 10 {
					sample = append(sample, f*10+i)
				}
				break
			}
		}
	} else {
		for n := range len(forms) * 10 {
			sample = append(sample, n)
		}
	}
	empty := 0
	done := map[int]bool{}
	for _, n := range sample {
		found, _, err := decide(n)
		if err != nil {
			t.Fatal(err)
		}
		done[n] = found
		if !found {
			empty++
		}
		if want := band.IsGroupCandidate(n/10, n%10); found != want {
			t.Fatalf("candidate %d: holds a minlex grid %v, groups_gen.go says %v", n, found, want)
		}
	}
	if empty == 0 {
		t.Error("no empty candidate in the sample")
	}
	if testing.Short() {
		return
	}
	want, err := source(done)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("../../../band/groups_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, want) {
		t.Fatal("band/groups_gen.go differs from the generator's output: run go generate ./band")
	}
}
