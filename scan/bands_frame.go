package scan

import "math/bits"

// A frame is the grid seen with one band or stack as band 3 (rows 18-26):
// the grid itself or its transpose, with its bands reordered. Puzzles are
// the same up to this relabelling of cells, so the band method works in the
// frame and maps the clues it finds back. In a frame, cell f is row f/9,
// column f%9; its band is f/27 and its place in the band, f%27, is a
// local cell (row in the band times nine plus column).

// bandFrame is one frame of a grid.
type bandFrame struct {
	g    [81]uint8 // the frame's digits
	orig [81]uint8 // orig[f]: the grid's cell shown at frame cell f
	back [81]uint8 // back[c]: the frame cell of grid cell c
}

// makeFrame returns the frame of g that puts band bands[j] of g (of its
// transpose when cols) at frame band j, rows kept in order within a band.
func makeFrame(g *[81]uint8, cols bool, bands [3]int) bandFrame {
	var f bandFrame
	for j, b := range bands {
		for r := range 3 {
			for c := range 9 {
				hr := 3*b + r
				cell := hr*9 + c
				if cols {
					cell = c*9 + hr
				}
				fc := (3*j+r)*9 + c
				f.g[fc] = g[cell]
				f.orig[fc] = uint8(cell)
				f.back[cell] = uint8(fc)
			}
		}
	}
	return f
}

// band returns the 27 digits of frame band j.
func (f *bandFrame) band(j int) [27]uint8 {
	var b [27]uint8
	copy(b[:], f.g[27*j:27*j+27])
	return b
}

// split is grid cell set u as the local cells of each frame band.
func (f *bandFrame) split(u cells) [3]uint32 {
	var p [3]uint32
	for x := u; !x.empty(); {
		c := x.first()
		x.clear(c)
		fc := int(f.back[c])
		p[fc/27] |= 1 << (fc % 27)
	}
	return p
}

// stackOf is the stack (0-2) of each local cell.
var stackOf = func() (s [27]uint8) {
	for l := range 27 {
		s[l] = uint8(l % 9 / 3)
	}
	return
}()

// stackCells[s] is the local cells of stack s in a band.
var stackCells = func() (m [3]uint32) {
	for l := range 27 {
		m[stackOf[l]] |= 1 << l
	}
	return
}()

// stackCounts is the number of cells of x in each stack, packed eight bits
// a stack.
func stackCounts(x uint32) uint32 {
	var p uint32
	for s := range 3 {
		p |= uint32(bits.OnesCount32(x&stackCells[s])) << (8 * s)
	}
	return p
}
