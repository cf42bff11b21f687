package solve

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Limits that keep a hostile rules file from asking for huge tables.
const (
	maxSide    = 100  // rows and columns
	maxRegions = 1000 // regions
)

// RulesError reports a fault in a rules file and the line it is on.
type RulesError struct {
	File string // as given to ParseRules
	Line int    // 1-based
	Msg  string
}

// Error implements error.
func (e *RulesError) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// rulesReader hands out the lines of a rules file that are neither comments
// ('#' first) nor blank, with their line numbers.
type rulesReader struct {
	file string
	sc   *bufio.Scanner
	line int // number of the line last read
}

func (rr *rulesReader) errorf(line int, format string, a ...any) error {
	return &RulesError{File: rr.file, Line: line, Msg: fmt.Sprintf(format, a...)}
}

// next returns the next content line, trailing white space removed, or
// ok false at the end of the file.
func (rr *rulesReader) next() (text string, ok bool, err error) {
	for rr.sc.Scan() {
		rr.line++
		text = strings.TrimRight(rr.sc.Text(), " \t\r")
		if rr.line == 1 {
			text = strings.TrimPrefix(text, "\ufeff") // a byte-order mark
		}
		if strings.TrimSpace(text) == "" || strings.HasPrefix(text, "#") {
			continue
		}
		return text, true, nil
	}
	if err := rr.sc.Err(); err != nil {
		return "", false, rr.errorf(rr.line+1, "%v", err)
	}
	return "", false, nil
}

// ParseRules reads a rules file: a UTF-8 byte-order mark at the start is
// skipped, lines starting '#' are comments and blank lines are skipped; then come the vertical size, the horizontal size, the
// maximum number and the number of regions (white-space separated, on one
// line or several); then the board, one row a line: '.' for an empty cell,
// 1-9 and A=10 ... Z=35 for givens, 'x' for a position that is not a cell;
// then each region as a mask of the board's shape, '+' on its cells and '.'
// (or 'x' where the board has 'x') elsewhere. A region may have fewer cells
// than the maximum number (no number repeats in it) but not more. Every
// fault is a *RulesError naming the line: sizes that disagree with the
// board, unknown characters, a mask of the wrong shape, a given above the
// maximum or repeated in a region.
func ParseRules(file string, r io.Reader) (*Rules, error) {
	rr := &rulesReader{file: file, sc: bufio.NewScanner(r)}
	rr.sc.Buffer(make([]byte, 0, 4096), 1<<20)
	ru := &Rules{}

	// The four sizes.
	var nums [4]int
	names := [4]string{"vertical size", "horizontal size", "maximum number", "number of regions"}
	limits := [4][2]int{{1, maxSide}, {1, maxSide}, {1, MaxNumber}, {0, maxRegions}}
	for k := 0; k < 4; {
		text, ok, err := rr.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, rr.errorf(rr.line+1, "file ends before the %s", names[k])
		}
		for _, f := range strings.Fields(text) {
			if k == 4 {
				return nil, rr.errorf(rr.line, "%q after the four sizes; the board starts on its own line", f)
			}
			v, err := strconv.Atoi(f)
			if err != nil {
				return nil, rr.errorf(rr.line, "%s %q is not a number", names[k], f)
			}
			if v < limits[k][0] || v > limits[k][1] {
				return nil, rr.errorf(rr.line, "%s %d is out of range %d..%d", names[k], v, limits[k][0], limits[k][1])
			}
			nums[k] = v
			k++
		}
	}
	ru.Rows, ru.Cols, ru.Max = nums[0], nums[1], nums[2]
	nRegions := nums[3]

	// The board.
	ru.Board = make([]int8, ru.Rows*ru.Cols)
	boardLine := make([]int, ru.Rows) // line of each board row, for errors
	for row := 0; row < ru.Rows; row++ {
		text, ok, err := rr.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, rr.errorf(rr.line+1, "file ends in the board after %d of %d rows", row, ru.Rows)
		}
		boardLine[row] = rr.line
		if len(text) != ru.Cols {
			return nil, rr.errorf(rr.line, "board row %d has %d characters; want %d (the horizontal size)", row+1, len(text), ru.Cols)
		}
		for col := 0; col < ru.Cols; col++ {
			v, err := boardChar(text[col], ru.Max)
			if err != "" {
				return nil, rr.errorf(rr.line, "board row %d column %d: %s", row+1, col+1, err)
			}
			ru.Board[row*ru.Cols+col] = v
		}
	}

	// The regions.
	cells := 0
	for _, v := range ru.Board {
		if v >= 0 {
			cells++
		}
	}
	if cells == 0 {
		return nil, rr.errorf(boardLine[ru.Rows-1], "the board has no cells")
	}
	for k := 0; k < nRegions; k++ {
		reg, err := parseRegion(rr, ru, k, boardLine)
		if err != nil {
			return nil, err
		}
		ru.Regions = append(ru.Regions, reg)
	}
	if text, ok, err := rr.next(); err != nil {
		return nil, err
	} else if ok {
		return nil, rr.errorf(rr.line, "%q after the last of %d regions", clip(text), nRegions)
	}
	return ru, nil
}

// parseRegion reads the mask of region k and checks it against the board.
func parseRegion(rr *rulesReader, ru *Rules, k int, boardLine []int) (Region, error) {
	var reg Region
	first := 0
	for row := 0; row < ru.Rows; row++ {
		text, ok, err := rr.next()
		if err != nil {
			return reg, err
		}
		if !ok {
			return reg, rr.errorf(rr.line+1, "file ends in region %d after %d of %d rows", k+1, row, ru.Rows)
		}
		if row == 0 {
			first = rr.line
			reg.Name = fmt.Sprintf("region %d (line %d)", k+1, first)
		}
		if len(text) != ru.Cols {
			return reg, rr.errorf(rr.line, "region %d row %d has %d characters; want %d (the horizontal size)", k+1, row+1, len(text), ru.Cols)
		}
		for col := 0; col < ru.Cols; col++ {
			p := row*ru.Cols + col
			switch c := text[col]; {
			case c == '+' && ru.Board[p] < 0:
				return reg, rr.errorf(rr.line, "region %d row %d column %d: '+' on a position that is not a cell (x on the board)", k+1, row+1, col+1)
			case c == '+':
				reg.Cells = append(reg.Cells, p)
			case c == '.' || c == 'x' && ru.Board[p] < 0:
			case c == 'x':
				return reg, rr.errorf(rr.line, "region %d row %d column %d: 'x' where the board has a cell", k+1, row+1, col+1)
			default:
				return reg, rr.errorf(rr.line, "region %d row %d column %d: %q is not '+', '.' or 'x'", k+1, row+1, col+1, c)
			}
		}
	}
	if len(reg.Cells) == 0 {
		return reg, rr.errorf(first, "region %d has no cells", k+1)
	}
	if len(reg.Cells) > ru.Max {
		return reg, rr.errorf(first, "region %d has %d cells, more than the maximum number %d: some number would repeat", k+1, len(reg.Cells), ru.Max)
	}
	seen := make(map[int8]int, len(reg.Cells))
	for _, p := range reg.Cells {
		v := ru.Board[p]
		if v <= 0 {
			continue
		}
		if q, dup := seen[v]; dup {
			return reg, rr.errorf(first, "region %d: %c given twice, at r%dc%d (line %d) and r%dc%d (line %d)",
				k+1, numberChar(int(v)), q/ru.Cols+1, q%ru.Cols+1, boardLine[q/ru.Cols], p/ru.Cols+1, p%ru.Cols+1, boardLine[p/ru.Cols])
		}
		seen[v] = p
	}
	return reg, nil
}

// boardChar decodes one board character; the message is empty when it is
// good.
func boardChar(c byte, max int) (int8, string) {
	var v int
	switch {
	case c == '.':
		return 0, ""
	case c == 'x':
		return -1, ""
	case c >= '1' && c <= '9':
		v = int(c - '0')
	case c >= 'A' && c <= 'Z':
		v = int(c-'A') + 10
	default:
		return 0, fmt.Sprintf("%q is not '.', 'x', 1-9 or A-Z", c)
	}
	if v > max {
		return 0, fmt.Sprintf("%c is %d, above the maximum number %d", c, v, max)
	}
	return int8(v), ""
}

// clip shortens a line for an error message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
