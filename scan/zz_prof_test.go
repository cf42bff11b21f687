package scan

import (
	"context"
	"os"
	"strconv"
	"testing"

	"edgrid/canon"
)

func BenchmarkZZBands(b *testing.B) {
	g, err := canon.Parse(os.Getenv("ZZ_GRID"))
	if err != nil {
		b.Skip(err)
	}
	k, _ := strconv.Atoi(os.Getenv("ZZ_K"))
	s := NewScanner()
	for b.Loop() {
		n := 0
		st, err := s.Scan(context.Background(), &g, Options{Clues: k, Method: MethodBands}, func(canon.Mask) error { n++; return nil })
		if err != nil {
			b.Fatal(err)
		}
		b.Logf("puzzles %d stats %+v", n, st)
	}
}
