package canon

// A slow, plain reference for the puzzle forms: it applies every one of the
// 3,359,232 geometric transforms, relabels the digits in order of first
// appearance, and keeps the smallest result in each order. It shares no code
// with the searches.

// refResult is what the reference finds for one puzzle.
type refResult struct {
	plain, patternFirst [81]uint8
	autos               int // transforms giving the plain form
	autosPF             int // transforms giving the pattern-first form
	pattern             [81]uint8
	patternAutos        int
}

// refLines lists the 1,296 line orders that keep bands (or stacks) together.
func refLines() [][9]int {
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	var out [][9]int
	for _, bp := range perms {
		for _, a := range perms {
			for _, b := range perms {
				for _, c := range perms {
					in := [3][3]int{a, b, c}
					var l [9]int
					for k := range 9 {
						l[k] = bp[k/3]*3 + in[k/3][k%3]
					}
					out = append(out, l)
				}
			}
		}
	}
	return out
}

// refForms runs the reference on p.
func refForms(p *Grid) refResult {
	lines := refLines()
	var res refResult
	have := false
	var h, pat [81]uint8
	for tp := range 2 {
		src := *p
		if tp == 1 {
			for i := range 9 {
				for j := range 9 {
					src[j*9+i] = p[i*9+j]
				}
			}
		}
		for _, R := range lines {
			for _, C := range lines {
				// The transform's image, relabelled, and its pattern, cell
				// by cell; stop once it loses to the best in every order.
				var lab [10]uint8
				next := uint8(1)
				cPlain, cPat := 0, 0
				if !have {
					cPlain, cPat = -1, -1
				}
				complete := true
				for i := 0; i < 81 && complete; i++ {
					d := src[R[i/9]*9+C[i%9]]
					if d != 0 && lab[d] == 0 {
						lab[d] = next
						next++
					}
					h[i] = lab[d]
					pat[i] = 0
					if d != 0 {
						pat[i] = 1
					}
					if cPlain == 0 && h[i] != res.plain[i] {
						cPlain = refSign(h[i] < res.plain[i])
					}
					if cPat == 0 && pat[i] != res.pattern[i] {
						cPat = refSign(pat[i] < res.pattern[i])
					}
					if cPlain > 0 && cPat > 0 {
						complete = false
					}
				}
				if !complete {
					continue
				}
				have = true
				switch cPlain {
				case -1:
					res.plain, res.autos = h, 1
				case 0:
					res.autos++
				}
				switch cPat {
				case -1:
					// The pattern-first form has the smallest pattern.
					res.pattern, res.patternAutos = pat, 1
					res.patternFirst, res.autosPF = h, 1
				case 0:
					res.patternAutos++
					switch c := refCompare(&h, &res.patternFirst); {
					case c < 0:
						res.patternFirst, res.autosPF = h, 1
					case c == 0:
						res.autosPF++
					}
				}
			}
		}
	}
	return res
}

func refSign(less bool) int {
	if less {
		return -1
	}
	return 1
}

func refCompare(a, b *[81]uint8) int {
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}
