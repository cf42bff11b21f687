package houses

import "testing"

// TestPeers checks each cell's peers against the definition, one by one:
// 8 in the row, 8 in the column, 4 more in the box, none repeated.
func TestPeers(t *testing.T) {
	for c := range 81 {
		seen := map[uint8]bool{}
		row, col, box := 0, 0, 0
		for _, d := range Peers[c] {
			if int(d) == c || seen[d] {
				t.Fatalf("cell %d: peer %d repeated or itself", c, d)
			}
			seen[d] = true
			switch {
			case int(d)/9 == c/9:
				row++
			case int(d)%9 == c%9:
				col++
			case int(d)/27 == c/27 && int(d)%9/3 == c%9/3:
				box++
			default:
				t.Fatalf("cell %d: %d is no peer", c, d)
			}
		}
		if row != 8 || col != 8 || box != 4 {
			t.Errorf("cell %d: %d in the row, %d in the column, %d more in the box; want 8, 8, 4", c, row, col, box)
		}
	}
}
