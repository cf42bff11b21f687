package scan

// transpose64 transposes the 64x64 bit matrix a in place: afterwards bit
// i of a[k] is what bit k of a[i] was. Six rounds swap ever smaller
// blocks across the diagonal.
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000FFFFFFFF)
	for j := 32; j != 0; j >>= 1 {
		for k := 0; k < 64; k = ((k | j) + 1) &^ j {
			t := (a[k]>>uint(j) ^ a[k|j]) & m
			a[k|j] ^= t
			a[k] ^= t << uint(j)
		}
		m ^= m << uint(j/2)
	}
}
