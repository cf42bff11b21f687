package query

import (
	"encoding/json"
	"os"
	"testing"
)

// docs/results/allgrids.json is edgrid query's result over every grid (autos, ua4,
// intercalates; docs/results/allgrids.md). It must show docs/design/method.md's facts: the
// automorphism histogram exactly, and the published facts about unavoidable
// sets of four cells and intercalates.
func TestAllGridsResult(t *testing.T) {
	data, err := os.ReadFile("../docs/results/allgrids.json")
	if err != nil {
		t.Skipf("no result over all grids: %v", err)
	}
	var res struct {
		Groups     string
		Grids      int64
		Invariants []struct {
			Name      string
			Grids     int64
			Max       struct{ Value int64 }
			Histogram [][2]int64
		}
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	if res.Groups != "1-3541" || res.Grids != 5472730538 {
		t.Fatalf("groups %s, %d grids; want 1-3541 and 5,472,730,538", res.Groups, res.Grids)
	}
	hist := map[string]map[int64]int64{}
	for _, inv := range res.Invariants {
		if inv.Grids != res.Grids {
			t.Errorf("%s: %d grids", inv.Name, inv.Grids)
		}
		h := map[int64]int64{}
		var sum int64
		for _, e := range inv.Histogram {
			h[e[0]] = e[1]
			sum += e[1]
		}
		if sum != res.Grids {
			t.Errorf("%s: the histogram holds %d grids", inv.Name, sum)
		}
		hist[inv.Name] = h
	}
	autos := map[int64]int64{1: 5472170387, 2: 548449, 3: 7336, 4: 2826, 6: 1257, 8: 29, 9: 42, 12: 92,
		18: 85, 27: 2, 36: 15, 54: 11, 72: 2, 108: 3, 162: 1, 648: 1}
	if len(hist["autos"]) != len(autos) {
		t.Errorf("autos: %d counts occur; want %d", len(hist["autos"]), len(autos))
	}
	for a, n := range autos {
		if hist["autos"][a] != n {
			t.Errorf("autos %d: %d grids; want %d", a, hist["autos"][a], n)
		}
	}
	if ua4 := hist["ua4"]; ua4[36] != 9 || ua4[35] != 0 || len(ua4) == 0 {
		t.Errorf("ua4: %d grids with 36, %d with 35; want 9 and none", ua4[36], ua4[35])
	}
	for v := range hist["ua4"] {
		if v > 36 {
			t.Errorf("ua4: a grid with %d", v)
		}
	}
	for v := range hist["intercalates"] {
		if v > 72 {
			t.Errorf("intercalates: a grid with %d", v)
		}
	}
}
