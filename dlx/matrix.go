package dlx

// Matrix is an exact-cover problem under construction: items numbered
// 0..primary-1 are primary (covered exactly once by a solution) and
// primary..primary+secondary-1 are secondary (covered at most once).
// A Matrix only records options; NewSolver turns it into dancing links.
// The zero Matrix has no items; use NewMatrix.
type Matrix struct {
	primary, secondary int
	items              []int32  // items of every option, option after option
	start              []int32  // option k holds items[start[k]:start[k+1]]
	mark               []uint32 // mark[item] == stamp: item seen in the current AddOption
	stamp              uint32
}

// NewMatrix returns an empty matrix with the given numbers of primary and
// secondary items; negative numbers count as zero.
func NewMatrix(primary, secondary int) *Matrix {
	primary, secondary = max(primary, 0), max(secondary, 0)
	m := &Matrix{primary: primary, secondary: secondary, start: []int32{0}}
	m.mark = make([]uint32, primary+secondary)
	return m
}

// Options returns the number of options added so far.
func (m *Matrix) Options() int { return len(m.start) - 1 }

// OptionItems returns the items of option k in the order they were added,
// or nil if k is out of range.
func (m *Matrix) OptionItems(k int) []int {
	if k < 0 || k >= m.Options() {
		return nil
	}
	its := m.items[m.start[k]:m.start[k+1]]
	out := make([]int, len(its))
	for i, it := range its {
		out[i] = int(it)
	}
	return out
}

// AddOption appends an option covering the given items and returns its
// index (0, 1, ... in the order of the calls). It fails with an
// *OptionError, leaving the matrix unchanged, if the option is empty, an
// item is out of range or repeated, or no item is primary (as in dlx1.w:
// the search reaches options only through primary items).
func (m *Matrix) AddOption(items ...int) (int, error) {
	k := m.Options()
	if len(items) == 0 {
		return -1, &OptionError{Option: k, Item: -1, Reason: "has no items"}
	}
	n := m.primary + m.secondary
	if m.stamp++; m.stamp == 0 { // wrapped: forget all marks
		clear(m.mark)
		m.stamp = 1
	}
	for _, it := range items {
		if it < 0 || it >= n {
			return -1, &OptionError{Option: k, Item: it, Reason: rangeReason(n)}
		}
		if m.mark[it] == m.stamp {
			return -1, &OptionError{Option: k, Item: it, Reason: "is repeated"}
		}
		m.mark[it] = m.stamp
	}
	hasPrimary := false
	for _, it := range items {
		hasPrimary = hasPrimary || it < m.primary
	}
	if !hasPrimary {
		return -1, &OptionError{Option: k, Item: -1, Reason: "has no primary item"}
	}
	for _, it := range items {
		m.items = append(m.items, int32(it))
	}
	m.start = append(m.start, int32(len(m.items)))
	return k, nil
}
