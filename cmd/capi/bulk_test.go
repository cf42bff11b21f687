package main

import (
	"context"
	"errors"
	"testing"

	"edgrid/canon"
	"edgrid/internal/testkit/gridkit"
	"edgrid/rank"
)

// From bulkRows rows on, rankRows numbers the batch together; the numbers
// are Rank's, and a bad row is still the lowest one named.
func TestRankRowsBulk(t *testing.T) {
	gs := gridkit.RandomGrids(bulkRows+3, 9, 29)
	gs[5] = gs[60] // a duplicate
	r, err := ranker()
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []rank.Order{rank.Paper, rank.Groups, rank.Lex} {
		numbers := make([]int64, len(gs))
		if err := rankRows(gs, o, numbers, 2); err != nil {
			t.Fatal(err)
		}
		for i := range gs {
			n, _, err := r.Rank(context.Background(), &gs[i], o)
			if err != nil || n != numbers[i] {
				t.Fatalf("%v: row %d: bulk %d; Rank %d, %v", o, i, numbers[i], n, err)
			}
		}
	}
	bad := append([]canon.Grid(nil), gs...)
	bad[40][0], bad[40][1] = bad[40][1], bad[40][0]
	bad[50] = bad[40]
	err = rankRows(bad, rank.Lex, make([]int64, len(bad)), 2)
	var re *rowError
	if !errors.As(err, &re) || re.Row != 40 {
		t.Fatalf("bulk batch with bad rows 40 and 50: %v; want row 40", err)
	}
}
