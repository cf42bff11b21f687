package storage

// band3Cache keeps the rows 7 of recent bands 3 while the blocks of one file
// are decoded (a scan, a verify worker) or coded (a writer), in any order.
// They depend only on S, the digits each column misses in rows 1-6, and
// r7c1, and in a dense group many bands 2 share an S with an earlier one:
// group 600 has 255,665 bands 2 but 8,748 distinct S. The cache is
// direct-mapped: a slot holds the last S hashed to it.
type band3Cache struct {
	shift uint
	tags  []uint64 // the key of each slot's S (see get); 0 when empty
	slots []band3
}

// maxCacheSlots bounds a cache at about 2.7 MB.
const maxCacheSlots = 8192

// cacheSlots is the size of a cache for a file of count grids: one slot for
// every 8 grids, as a power of two between 16 and maxCacheSlots.
func cacheSlots(count int64) int {
	n := 16
	for n < maxCacheSlots && int64(n)*8 < count {
		n *= 2
	}
	return n
}

// newBand3Cache returns a cache for a file of count grids.
func newBand3Cache(count int64) *band3Cache {
	n := cacheSlots(count)
	shift := uint(64)
	for m := n; m > 1; m >>= 1 {
		shift--
	}
	return &band3Cache{shift: shift, tags: make([]uint64, n), slots: make([]band3, n)}
}

// small reports whether a file of count grids calls for more slots than c has.
func (c *band3Cache) small(count int64) bool { return len(c.tags) < cacheSlots(count) }

// get returns band3 of g and col, as band3.init would set it, from the
// cache or computed into it; nil when rows 1-6 have no completion.
func (c *band3Cache) get(g *[81]uint8, col *[9]uint16) *band3 {
	var S [9]uint16
	if !missing(g, col, &S) {
		return nil
	}
	// S[2], S[5] and S[8] are what the other two columns of their stack
	// leave of all nine digits; r7c1 is the one digit the rows 7 depend on
	// besides S. A key is never 0: S[1] holds three digits.
	key := uint64(S[1]) | uint64(S[3])<<10 | uint64(S[4])<<20 |
		uint64(S[6])<<30 | uint64(S[7])<<40 | uint64(S[0])<<50 | uint64(g[54]&15)<<60
	i := (key * 0x9E37_79B9_7F4A_7C15) >> c.shift
	b := &c.slots[i]
	if c.tags[i] == key {
		return b
	}
	b.miss = S
	if !b.list(g[54]) {
		c.tags[i] = 0
		return nil
	}
	c.tags[i] = key
	return b
}
