package scan

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// labelPrefix starts the label of every scan over groups.
const labelPrefix = "edgrid scan clues="

// Label is the one line that says what a scan over groups with these
// options computes, the label of its parts: the parts of two scans merge
// only when theirs are equal.
//
//	edgrid scan clues=17 minimal=auto first=false cells=all max-size=12
func (o *Options) Label() string {
	minimal := [...]string{"auto", "only", "any"}[o.Minimal]
	cells := "all"
	if o.Cells != nil {
		cells = o.Cells.String()
	}
	return labelPrefix + strconv.Itoa(o.Clues) + " minimal=" + minimal + " first=" + strconv.FormatBool(o.First) +
		" cells=" + cells + " max-size=" + strconv.Itoa(o.UASize())
}

// LabelClues reads the number of clues back from a label Label wrote.
func LabelClues(label string) (int, error) {
	rest, ok := strings.CutPrefix(label, labelPrefix)
	if !ok {
		return 0, fmt.Errorf("%q is not an edgrid scan", label)
	}
	num, _, _ := strings.Cut(rest, " ")
	k, err := strconv.Atoi(num)
	if err != nil || k < 1 || k > 81 {
		return 0, fmt.Errorf("%q is not an edgrid scan", label)
	}
	return k, nil
}

// PartCodec writes and reads scan parts for the machinery of per-group
// parts (jobs.PartCodec[*Part]).
type PartCodec struct{}

// Name is "scan".
func (PartCodec) Name() string { return partName }

// FileName is the name of a group's part in a scan's result directory.
func (PartCodec) FileName(group int) string { return fmt.Sprintf("scan-%04d.eds", group) }

// Encode returns p's part file.
func (PartCodec) Encode(p *Part) ([]byte, error) {
	var b bytes.Buffer
	err := WritePart(&b, p)
	return b.Bytes(), err
}

// Decode reads a part file whole (ReadPart); in a part whose label is
// Label's, every puzzle must have the label's number of clues.
func (PartCodec) Decode(data []byte) (*Part, error) {
	p, err := ReadPart(data)
	if err != nil {
		return nil, err
	}
	clues, err := LabelClues(p.Label)
	if err != nil {
		return p, nil
	}
	for _, f := range p.Found {
		for _, m := range f.Puzzles {
			if m.Count() != clues {
				return nil, fmt.Errorf("grid %d has a puzzle of %d clues in a scan for %d", f.Ordinal, m.Count(), clues)
			}
		}
	}
	return p, nil
}

// About says what p is a part of: its label, its group and the grids it
// covers.
func (PartCodec) About(p *Part) (label string, groups []int, grids int64) {
	return p.Label, []int{p.Group}, p.Grids
}
