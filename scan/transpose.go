package scan

// transpose64 transposes the 64x64 bit matrix a in place: afterwards bit
// i of a[k] is what bit k of a[i] was. Six rounds swap ever smaller
// blocks across the diagonal (round j exchanges bit j of the row index
// with bit j of the column index, so the rounds commute); they run three
// at a time on eight rows held in registers, with their shifts and masks
// as constants.
func transpose64(a *[64]uint64) {
	const m32, m16, m8 = 0x00000000FFFFFFFF, 0x0000FFFF0000FFFF, 0x00FF00FF00FF00FF
	const m4, m2, m1 = 0x0F0F0F0F0F0F0F0F, 0x3333333333333333, 0x5555555555555555
	for k := range 8 {
		w0, w1, w2, w3 := a[k], a[k+8], a[k+16], a[k+24]
		w4, w5, w6, w7 := a[k+32], a[k+40], a[k+48], a[k+56]
		w0, w4 = swapBits(w0, w4, 32, m32)
		w1, w5 = swapBits(w1, w5, 32, m32)
		w2, w6 = swapBits(w2, w6, 32, m32)
		w3, w7 = swapBits(w3, w7, 32, m32)
		w0, w2 = swapBits(w0, w2, 16, m16)
		w1, w3 = swapBits(w1, w3, 16, m16)
		w4, w6 = swapBits(w4, w6, 16, m16)
		w5, w7 = swapBits(w5, w7, 16, m16)
		w0, w1 = swapBits(w0, w1, 8, m8)
		w2, w3 = swapBits(w2, w3, 8, m8)
		w4, w5 = swapBits(w4, w5, 8, m8)
		w6, w7 = swapBits(w6, w7, 8, m8)
		a[k], a[k+8], a[k+16], a[k+24] = w0, w1, w2, w3
		a[k+32], a[k+40], a[k+48], a[k+56] = w4, w5, w6, w7
	}
	for b := 0; b < 64; b += 8 {
		r := (*[8]uint64)(a[b : b+8])
		w0, w1, w2, w3 := r[0], r[1], r[2], r[3]
		w4, w5, w6, w7 := r[4], r[5], r[6], r[7]
		w0, w4 = swapBits(w0, w4, 4, m4)
		w1, w5 = swapBits(w1, w5, 4, m4)
		w2, w6 = swapBits(w2, w6, 4, m4)
		w3, w7 = swapBits(w3, w7, 4, m4)
		w0, w2 = swapBits(w0, w2, 2, m2)
		w1, w3 = swapBits(w1, w3, 2, m2)
		w4, w6 = swapBits(w4, w6, 2, m2)
		w5, w7 = swapBits(w5, w7, 2, m2)
		w0, w1 = swapBits(w0, w1, 1, m1)
		w2, w3 = swapBits(w2, w3, 1, m1)
		w4, w5 = swapBits(w4, w5, 1, m1)
		w6, w7 = swapBits(w6, w7, 1, m1)
		r[0], r[1], r[2], r[3] = w0, w1, w2, w3
		r[4], r[5], r[6], r[7] = w4, w5, w6, w7
	}
}

// swapBits exchanges the bits of x at the positions of m shifted up by j
// with the bits of y at the positions of m: one round of transpose64 on
// rows x and y.
func swapBits(x, y uint64, j uint, m uint64) (uint64, uint64) {
	t := (x>>j ^ y) & m
	return x ^ t<<j, y ^ t
}
