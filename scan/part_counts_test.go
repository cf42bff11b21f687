package scan

import (
	"fmt"
	"strings"
	"testing"

	"edgrid/internal/crc32c"
)

// sealed is body with its checksum line, as WritePart ends a part.
func sealed(body string) []byte {
	return fmt.Appendf([]byte(body), "crc32c %08x\n", crc32c.Checksum([]byte(body)))
}

// A crafted part whose checksum is valid but whose counts are far beyond
// what its bytes can hold is refused as damaged: it used to exhaust memory
// or panic in makeslice.
func TestReadPartCountsBoundedByData(t *testing.T) {
	const g = "123456789456789123789123456214365897365897214897214365531642978642978531978531642"
	head := "edgrid scan part 1\nscan clues=17 minimal=auto\n"
	for _, body := range []string{
		head + "group 3541 grids 9000000000000000000 found 9000000000000000000 puzzles 9000000000000000000\n",
		head + "group 3541 grids 5 found 1 puzzles 4000000000000000000\ngrid 1 " + g + " 4000000000000000000\n",
		head + "group 3541 grids 5 found 1 puzzles 2000000000\ngrid 1 " + g + " 2000000000\n" + strings.Repeat(".", 81) + "\n",
	} {
		p, err := ReadPart(sealed(body))
		if err == nil {
			t.Errorf("ReadPart(%.120q) = %+v; want an error", body, p)
		}
	}
}
