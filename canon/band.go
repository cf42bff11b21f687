package canon

import "fmt"

// NumBandForms is the number of essentially different bands (docs/design/method.md,
// "Cutting the search down, first: band 1"); the table derivation checks
// that it comes out so.
const NumBandForms = 416

// BandForms returns the minimal forms of all essentially different bands, in
// ascending order, as 27 digits each (rows 1-3). The slice is shared: do not modify it.
func BandForms() [][27]uint8 {
	t := tables()
	if len(t.forms) != NumBandForms {
		panic(fmt.Sprintf("canon: derived %d band forms, want %d", len(t.forms), NumBandForms))
	}
	return t.forms
}

// BandClass returns the class (0..415, the position of its minimal form in
// BandForms) of the band made by three rows of cells, in any order of
// digits, or an error naming a cell if the rows are not a valid band.
func BandClass(rows *[27]uint8) (int, error) {
	if err := validBand(rows); err != nil {
		return 0, err
	}
	t := tables()
	a, b, c := (*[9]uint8)(rows[0:9]), (*[9]uint8)(rows[9:18]), (*[9]uint8)(rows[18:27])
	return int(t.lookup(a, b, c) >> 16), nil
}

// BandStabilizer returns the number of band transforms (row orders times
// column maps, each with its forced relabelling) that map the minimal form of
// class c to itself. c must be a class 0..415, as BandClass returns; it
// panics otherwise.
func BandStabilizer(c int) int {
	if c < 0 || c >= NumBandForms {
		panic(fmt.Sprintf("canon: BandStabilizer(%d): want a class 0..%d", c, NumBandForms-1))
	}
	return len(tables().stab[c])
}

// BandTransform returns the class of the band made by three rows of cells
// (as BandClass) and a transform that takes it to its class's minimal form:
// the band whose cell (i, j) is the given band's cell (rows[i], cols[j]),
// relabelled so that its first row reads 123456789, is BandForms()[class].
// Column maps keep the stacks together. It returns an error naming a cell if
// the rows are not a valid band.
func BandTransform(rows *[27]uint8) (class int, rowOrder [3]uint8, cols [9]uint8, err error) {
	if err := validBand(rows); err != nil {
		return 0, rowOrder, cols, err
	}
	t := tables()
	a, b, c := (*[9]uint8)(rows[0:9]), (*[9]uint8)(rows[9:18]), (*[9]uint8)(rows[18:27])
	e := t.lookup(a, b, c)
	tr := &t.transforms[e&0xFFFF]
	return int(e >> 16), tr.rows, tr.cols, nil
}
