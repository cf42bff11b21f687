// Package ranges formats sets of group numbers the way edgrid's flags take
// them: "3541", "1-10", and lists of those joined by commas.
package ranges

import (
	"strconv"
	"strings"
)

// Format writes ascending, distinct numbers as ranges: [1 2 3 7 9 10] gives
// "1-3,7,9-10". An empty list gives "".
func Format(ns []int) string {
	var b strings.Builder
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(ns[i]))
		if j > i {
			b.WriteByte('-')
			b.WriteString(strconv.Itoa(ns[j]))
		}
		i = j + 1
	}
	return b.String()
}
