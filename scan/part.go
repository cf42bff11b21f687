package scan

import (
	"bufio"
	"bytes"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"strings"

	"edgrid/canon"
)

// A Part is the result of a scan over the grids of one group, as the file
// a resumable or distributed scan writes for each group:
//
//	edgrid scan part 1
//	scan <label: what was scanned, one line>
//	group <group> grids <scanned> found <grids with puzzles> puzzles <total>
//	grid <ordinal> <81 digits> <puzzles of this grid>
//	<each puzzle: 81 characters, the grid's digits in the clue cells, '.' elsewhere>
//	... (a grid line and its puzzles for each grid with puzzles, by ordinal)
//	crc32c <CRC-32C of everything above, 8 hex digits>
//
// The ordinal is the grid's place in its group (1-based, ascending minlex
// order, as a catalog stores it), so the puzzles are in the frame of the
// group's minlex grid. A grid's puzzles are sorted as their clue masks
// (canon.Mask order).
type Part struct {
	Label string  // what was scanned (clues, options): parts of different labels never merge
	Group int     // the group, 1..3541
	Grids int64   // grids scanned
	Found []Found // the grids with puzzles, ascending ordinal
}

// Found is a grid of a Part with its puzzles.
type Found struct {
	Ordinal int64        // 1-based place of the grid in its group
	Grid    canon.Grid   // the grid
	Puzzles []canon.Mask // the clue cells of each puzzle, ascending, distinct
}

// Puzzles returns the number of puzzles the part holds.
func (p *Part) Puzzles() int64 {
	var n int64
	for i := range p.Found {
		n += int64(len(p.Found[i].Puzzles))
	}
	return n
}

const partMagic = "edgrid scan part 1"

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// WritePart writes p in the part format; a label that is not one line, or
// grids, ordinals or puzzles out of order, are errors before anything is
// written.
func WritePart(w io.Writer, p *Part) error {
	if err := p.check(); err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\nscan %s\ngroup %d grids %d found %d puzzles %d\n", partMagic, p.Label, p.Group, p.Grids, len(p.Found), p.Puzzles())
	line := make([]byte, 0, 82)
	for i := range p.Found {
		f := &p.Found[i]
		fmt.Fprintf(&b, "grid %d %s %d\n", f.Ordinal, f.Grid.AppendText(nil), len(f.Puzzles))
		for _, m := range f.Puzzles {
			line = AppendPuzzle(line[:0], &f.Grid, m)
			b.Write(append(line, '\n'))
		}
	}
	fmt.Fprintf(&b, "crc32c %08x\n", crc32.Checksum(b.Bytes(), castagnoli))
	_, err := w.Write(b.Bytes())
	return err
}

// AppendPuzzle appends the puzzle of g with clues in the cells of m: 81
// characters, g's digit in a clue cell and '.' in the others.
func AppendPuzzle(dst []byte, g *canon.Grid, m canon.Mask) []byte {
	for c := range 81 {
		if m.Has(c) {
			dst = append(dst, '0'+g[c])
		} else {
			dst = append(dst, '.')
		}
	}
	return dst
}

// check says what makes p unwritable, or nil.
func (p *Part) check() error {
	if p.Label == "" || strings.ContainsAny(p.Label, "\n\r") {
		return fmt.Errorf("scan: part: label %q is not one line", p.Label)
	}
	if p.Grids < 0 || int64(len(p.Found)) > p.Grids {
		return fmt.Errorf("scan: part: %d grids with puzzles among %d grids", len(p.Found), p.Grids)
	}
	prev := int64(0)
	for i := range p.Found {
		f := &p.Found[i]
		if f.Ordinal <= prev || f.Ordinal > p.Grids {
			return fmt.Errorf("scan: part: grid ordinal %d after %d, of %d grids", f.Ordinal, prev, p.Grids)
		}
		prev = f.Ordinal
		if err := f.Grid.Validate(); err != nil {
			return fmt.Errorf("scan: part: grid %d: %w", f.Ordinal, err)
		}
		if len(f.Puzzles) == 0 {
			return fmt.Errorf("scan: part: grid %d has no puzzles", f.Ordinal)
		}
		for j := 1; j < len(f.Puzzles); j++ {
			if !f.Puzzles[j-1].Less(f.Puzzles[j]) {
				return fmt.Errorf("scan: part: grid %d: puzzles not ascending and distinct", f.Ordinal)
			}
		}
	}
	return nil
}

// PartError is a part file that is not a whole, well-formed part: where
// (the line, 1-based, or 0 for the whole file) and what is wrong.
type PartError struct {
	Line int
	Msg  string
}

func (e *PartError) Error() string {
	if e.Line == 0 {
		return "scan: part: " + e.Msg
	}
	return fmt.Sprintf("scan: part: line %d: %s", e.Line, e.Msg)
}

// minGridLine is the fewest bytes of a part's grid line: "grid 1 ", 81
// digits, " 1" and its end.
const minGridLine = 7 + 81 + 3

// ReadPart reads a part written by WritePart, checking its checksum, its
// counts (bounded by the part's bytes), its order and that every puzzle
// holds its grid's digits: a part that fails any check is an error
// (*PartError), never half read.
func ReadPart(data []byte) (*Part, error) {
	bad := func(line int, format string, a ...any) (*Part, error) {
		return nil, &PartError{Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	i := bytes.LastIndexByte(data[:max(len(data)-1, 0)], '\n')
	if len(data) == 0 || data[len(data)-1] != '\n' || i < 0 {
		return bad(0, "truncated")
	}
	body, last := data[:i+1], string(data[i+1:len(data)-1])
	if want := fmt.Sprintf("crc32c %08x", crc32.Checksum(body, castagnoli)); last != want {
		return bad(0, "checksum line %q, computed %q", last, want)
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	n := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		n++
		return sc.Text(), true
	}
	if l, _ := next(); l != partMagic {
		return bad(1, "%q is not %q", short(l), partMagic)
	}
	l, _ := next()
	label, ok := strings.CutPrefix(l, "scan ")
	if !ok || label == "" {
		return bad(2, "no scan line")
	}
	p := &Part{Label: label}
	var found int
	var puzzles int64
	l, _ = next()
	if k, err := fmt.Sscanf(l, "group %d grids %d found %d puzzles %d", &p.Group, &p.Grids, &found, &puzzles); err != nil || k != 4 ||
		p.Group < 1 || p.Grids < 0 || found < 0 || int64(found) > p.Grids || puzzles < int64(found) || l != fmt.Sprintf("group %d grids %d found %d puzzles %d", p.Group, p.Grids, found, puzzles) {
		return bad(3, "%q is not a group line", short(l))
	}
	// Each grid line and each puzzle line takes at least minGridLine and
	// 82 bytes: counts the data cannot hold are damage, and no count
	// sizes memory beyond the data's.
	if int64(found) > int64(len(body))/minGridLine || puzzles > int64(len(body))/82 {
		return bad(3, "the group line counts %d grids with puzzles and %d puzzles, more than the part's %d bytes hold", found, puzzles, len(body))
	}
	p.Found = make([]Found, 0, found)
	var seen int64
	for range found {
		l, _ := next()
		f := strings.Fields(l)
		if len(f) != 4 || f[0] != "grid" {
			return bad(n, "%q is not a grid line", short(l))
		}
		ord, err1 := strconv.ParseInt(f[1], 10, 64)
		g, err2 := canon.Parse(f[2])
		k, err3 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || err3 != nil || k < 1 || int64(k) > puzzles-seen || l != fmt.Sprintf("grid %d %s %d", ord, f[2], k) {
			return bad(n, "%q is not a grid line", short(l))
		}
		prev := int64(0)
		if len(p.Found) > 0 {
			prev = p.Found[len(p.Found)-1].Ordinal
		}
		if ord <= prev || ord > p.Grids {
			return bad(n, "grid ordinal %d after %d, of %d grids", ord, prev, p.Grids)
		}
		fd := Found{Ordinal: ord, Grid: g, Puzzles: make([]canon.Mask, 0, k)}
		for range k {
			l, _ := next()
			m, err := puzzleMask(l, &g)
			if err != nil {
				return bad(n, "%v", err)
			}
			if j := len(fd.Puzzles); j > 0 && !fd.Puzzles[j-1].Less(m) {
				return bad(n, "puzzles not ascending and distinct")
			}
			fd.Puzzles = append(fd.Puzzles, m)
		}
		seen += int64(k)
		p.Found = append(p.Found, fd)
	}
	if seen != puzzles {
		return bad(3, "the group line says %d puzzles, the part holds %d", puzzles, seen)
	}
	if l, ok := next(); ok {
		return bad(n, "%q after the last grid", short(l))
	}
	if err := sc.Err(); err != nil {
		return bad(0, "%v", err)
	}
	return p, nil
}

// puzzleMask reads a puzzle line of grid g and returns its clue cells.
func puzzleMask(l string, g *canon.Grid) (canon.Mask, error) {
	var m canon.Mask
	if len(l) != 81 {
		return m, fmt.Errorf("%q is not a puzzle of 81 cells", short(l))
	}
	for c := range 81 {
		switch {
		case l[c] == '.':
		case l[c] == '0'+g[c]:
			m.Set(c)
		default:
			return m, fmt.Errorf("cell %d of puzzle %q is not '.' or the grid's digit %d", c+1, short(l), g[c])
		}
	}
	if m.Count() == 0 {
		return m, fmt.Errorf("a puzzle without clues")
	}
	return m, nil
}

// short cuts a line for an error message.
func short(s string) string {
	if len(s) > 100 {
		return s[:97] + "..."
	}
	return s
}
