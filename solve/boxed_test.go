package solve

import (
	"context"
	"reflect"
	"testing"
)

// Boxed(9) is Classic; every board's regions are n rows, n columns and n
// boxes of n distinct cells, each box h x n/h; small boards count right.
func TestBoxed(t *testing.T) {
	b9, err := Boxed(9)
	if err != nil || !reflect.DeepEqual(b9, Classic()) {
		t.Fatalf("Boxed(9) = %+v, %v; want Classic()", b9, err)
	}
	for _, n := range BoxedSizes {
		r, err := Boxed(n)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Regions) != 3*n {
			t.Fatalf("%d: %d regions; want %d", n, len(r.Regions), 3*n)
		}
		h := boxShapes[n]
		for k, reg := range r.Regions[2*n:] {
			rows, cols := map[int]bool{}, map[int]bool{}
			for _, c := range reg.Cells {
				rows[c/n], cols[c%n] = true, true
			}
			if len(reg.Cells) != n || len(rows) != h || len(cols) != n/h {
				t.Errorf("%d: box %d spans %d rows, %d columns, %d cells; want %d x %d", n, k+1, len(rows), len(cols), len(reg.Cells), h, n/h)
			}
		}
		if _, err := NewSolver(r); err != nil {
			t.Fatalf("%d: %v", n, err)
		}
	}
	if _, err := Boxed(10); err == nil {
		t.Error("Boxed(10): no error")
	}
	// The 4x4 grids: 288.
	r, _ := Boxed(4)
	sv, _ := NewSolver(r)
	if n, err := sv.Solve(context.Background(), r.Givens(), 0, nil); err != nil || n != 288 {
		t.Errorf("4x4 grids: %d, %v; want 288", n, err)
	}
}
