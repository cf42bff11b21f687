package storage

// band3Cache keeps the rows 7 of recent bands 3, and the completions of
// the rows 7 used, while the blocks of one file are decoded (a scan, a
// verify worker) or coded (a writer), in any order.
// They depend only on S, the digits each column misses in rows 1-6, and
// r7c1, and in a dense group many bands 2 share an S with an earlier one:
// group 600 has 255,665 bands 2 but 8,748 distinct S. The cache is
// direct-mapped: a slot holds the last S hashed to it.
type band3Cache struct {
	shift uint
	tags  []uint64 // the key of each slot's S (see get); 0 when empty
	slots []band3
	// The completions (rows 8-9) of the rows 7 used, which depend only on
	// S, r7c1, the row 7 and r8c1: a second direct-mapped table, four
	// times the size, keyed by the band 3's key, the row's index and r8c1.
	cshift uint
	ctags  []ctag
	comps  []completions
}

// ctag is the key of a completions slot: the band 3's key (0: empty) and
// the row 7's index and r8c1.
type ctag struct {
	key uint64
	row uint16
}

// completions is what rows89.init finds for a row 7 and the decoder uses,
// as band3Cache.rows89 keeps and restores it.
type completions struct {
	pat       [8]uint16
	r7, lo    uint64
	dx        uint64
	n, c0, f8 uint8
}

// maxCacheSlots bounds a cache at about 4.7 MB: 2.7 for the bands 3, 2 for
// the completions.
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
	return &band3Cache{shift: shift, tags: make([]uint64, n), slots: make([]band3, n),
		cshift: shift - 2, ctags: make([]ctag, 4*n), comps: make([]completions, 4*n)}
}

// rows89 sets x to the completions of row 7 number k of b, which get
// returned, given r8c1 = f8: from the cache, or found by x.init and kept.
func (c *band3Cache) rows89(x *rows89, b *band3, k int, f8 uint8) {
	t := ctag{key: b.key, row: uint16(k) | uint16(f8)<<8}
	i := ((t.key + uint64(t.row)*0x1_0000_0001) * 0x9E37_79B9_7F4A_7C15) >> c.cshift
	e := &c.comps[i]
	if c.ctags[i] == t {
		x.n, x.pat, x.r7, x.lo, x.dx, x.c0, x.f8 = int(e.n), e.pat, e.r7, e.lo, e.dx, e.c0, e.f8
		return
	}
	x.init(b, b.rows[k], f8)
	*e = completions{pat: x.pat, r7: x.r7, lo: x.lo, dx: x.dx, n: uint8(x.n), c0: x.c0, f8: x.f8}
	c.ctags[i] = t
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
	b.miss, b.key = S, key
	if !b.list(g[54]) {
		c.tags[i] = 0
		return nil
	}
	c.tags[i] = key
	return b
}
