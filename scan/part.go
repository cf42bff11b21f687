package scan

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"edgrid/canon"
	"edgrid/internal/partfile"
)

// A Part is the result of a scan over the grids of one group, as the file
// a resumable or distributed scan writes for each group (internal/partfile's
// framing):
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

// partName is the sort of work of a scan's parts.
const partName = "scan"

// WritePart writes p in the part format; a label that is not one line, or
// grids, ordinals or puzzles out of order, are errors before anything is
// written.
func WritePart(w io.Writer, p *Part) error {
	if err := p.check(); err != nil {
		return err
	}
	b := fmt.Appendf(nil, "group %d grids %d found %d puzzles %d\n", p.Group, p.Grids, len(p.Found), p.Puzzles())
	for i := range p.Found {
		f := &p.Found[i]
		b = fmt.Appendf(b, "grid %d %s %d\n", f.Ordinal, f.Grid.AppendText(nil), len(f.Puzzles))
		for _, m := range f.Puzzles {
			b = append(AppendPuzzle(b, &f.Grid, m), '\n')
		}
	}
	data, err := partfile.Append(nil, partName, p.Label, b)
	if err != nil {
		return fmt.Errorf("scan: part: %w", err)
	}
	_, err = w.Write(data)
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
	label, body, err := partfile.Open(data, partName)
	if fe := (*partfile.Error)(nil); errors.As(err, &fe) {
		return bad(fe.Line, "%s", fe.Msg)
	} else if err != nil {
		return bad(0, "%v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(body))
	n := partfile.ContentLine - 1
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		n++
		return sc.Text(), true
	}
	p := &Part{Label: label}
	var found int
	var puzzles int64
	l, _ := next()
	if k, err := fmt.Sscanf(l, "group %d grids %d found %d puzzles %d", &p.Group, &p.Grids, &found, &puzzles); err != nil || k != 4 ||
		p.Group < 1 || p.Grids < 0 || found < 0 || int64(found) > p.Grids || puzzles < int64(found) || l != fmt.Sprintf("group %d grids %d found %d puzzles %d", p.Group, p.Grids, found, puzzles) {
		return bad(partfile.ContentLine, "%q is not a group line", short(l))
	}
	// Each grid line and each puzzle line takes at least minGridLine and
	// 82 bytes: counts the data cannot hold are damage, and no count
	// sizes memory beyond the data's.
	if int64(found) > int64(len(body))/minGridLine || puzzles > int64(len(body))/82 {
		return bad(partfile.ContentLine, "the group line counts %d grids with puzzles and %d puzzles, more than the part's %d bytes hold", found, puzzles, len(body))
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
		return bad(partfile.ContentLine, "the group line says %d puzzles, the part holds %d", puzzles, seen)
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
func short(s string) string { return partfile.Short(s) }
