package query

import (
	"encoding/json"
	"os"
	"testing"
)

// docs/results/band3s.json is edgrid query's band3s over every grid
// (docs/results/band3s.md): its sum must be blue's count of the bands 3 the
// band method attaches to its entries, and its autos the published
// histogram's grids with automorphisms.
func TestBand3sResult(t *testing.T) {
	data, err := os.ReadFile("../docs/results/band3s.json")
	if err != nil {
		t.Skipf("no band3s result over all grids: %v", err)
	}
	var res struct {
		Groups     string
		Grids      int64
		Invariants []struct {
			Name      string
			Sum       int64
			Histogram [][2]int64
		}
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	if res.Groups != "1-3541" || res.Grids != 5472730538 {
		t.Fatalf("groups %s, %d grids; want 1-3541 and 5,472,730,538", res.Groups, res.Grids)
	}
	found := map[string]bool{}
	for _, inv := range res.Invariants {
		found[inv.Name] = true
		var grids, sum int64
		for _, e := range inv.Histogram {
			grids += e[1]
			sum += e[0] * e[1]
		}
		if grids != res.Grids || sum != inv.Sum {
			t.Errorf("%s: the histogram holds %d grids summing to %d; the result says %d grids, sum %d", inv.Name, grids, sum, res.Grids, inv.Sum)
		}
		switch inv.Name {
		case "band3s":
			if inv.Sum != 32835497303 {
				t.Errorf("band3s sums to %d; blue's count is 32,835,497,303", inv.Sum)
			}
		case "autos":
			if inv.Histogram[0] != [2]int64{1, 5472170387} {
				t.Errorf("autos: %v first; want 5,472,170,387 grids with 1", inv.Histogram[0])
			}
		}
	}
	if !found["band3s"] || !found["autos"] {
		t.Errorf("invariants %v; want autos and band3s", found)
	}
}
