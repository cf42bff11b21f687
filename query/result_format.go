package query

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/internal/ranges"
)

// GroupSpan formats ascending group numbers as ranges, in the one spelling
// of edgrid's outputs and result files: "1-10", "3,7-9"; "none" for no
// groups.
func GroupSpan(groups []int) string {
	if len(groups) == 0 {
		return "none"
	}
	return ranges.Format(groups)
}

// WriteTable writes r as aligned text: a summary line, a table of the
// invariants (grids, mean, minimum, maximum), the first grid reaching each
// extreme, and each histogram.
func (r *Result) WriteTable(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "groups %s: %d grids\n", GroupSpan(r.Groups), r.Grids)
	if r.Where != "" {
		fmt.Fprintf(&b, "where %s: %d grids\n", r.Where, r.Matched)
	}
	rows := [][]string{{"invariant", "grids", "mean", "min", "max"}}
	for i := range r.Stats {
		s := &r.Stats[i]
		if len(s.Hist) == 0 {
			rows = append(rows, []string{s.Name, "0", "-", "-", "-"})
			continue
		}
		rows = append(rows, []string{s.Name, fmt.Sprint(s.Count()), fmt.Sprintf("%.6f", s.Mean()), fmt.Sprint(s.Min.Value), fmt.Sprint(s.Max.Value)})
	}
	b.WriteByte('\n')
	table(&b, rows, "lrrrr")
	rows = [][]string{{"first grid at", "value", "group", "grid", "81 digits"}}
	for i := range r.Stats {
		s := &r.Stats[i]
		if len(s.Hist) == 0 {
			continue
		}
		for _, e := range []struct {
			what string
			x    *Extreme
		}{{"min", &s.Min}, {"max", &s.Max}} {
			rows = append(rows, []string{s.Name + " " + e.what, fmt.Sprint(e.x.Value), fmt.Sprint(e.x.At.Group), fmt.Sprint(e.x.At.Ordinal), e.x.At.Grid.String()})
		}
	}
	if len(rows) > 1 {
		b.WriteByte('\n')
		table(&b, rows, "lrrrl")
	}
	for i := range r.Stats {
		s := &r.Stats[i]
		rows = [][]string{{s.Name, "value", "grids"}}
		for _, v := range sortedKeys(s.Hist) {
			rows = append(rows, []string{"", fmt.Sprint(v), fmt.Sprint(s.Hist[v])})
		}
		b.WriteByte('\n')
		table(&b, rows, "lrr")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// table writes rows with their columns padded to a common width, two
// spaces apart, each aligned left or right as align says ('l' or 'r' per
// column); no line ends in spaces.
func table(b *strings.Builder, rows [][]string, align string) {
	width := make([]int, len(align))
	for _, row := range rows {
		for c, cell := range row {
			width[c] = max(width[c], len(cell))
		}
	}
	for _, row := range rows {
		var line strings.Builder
		for c, cell := range row {
			if c > 0 {
				line.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[c]-len(cell))
			if align[c] == 'r' {
				line.WriteString(pad + cell)
			} else {
				line.WriteString(cell + pad)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
}

// jsonResult is the JSON form of a Result (WriteJSON, and query parts).
type jsonResult struct {
	Groups     string     `json:"groups"`
	Where      string     `json:"where,omitempty"`
	Grids      int64      `json:"grids"`
	Matched    int64      `json:"matched"`
	Invariants []jsonStat `json:"invariants"`
}

type jsonStat struct {
	Name       string      `json:"name"`
	Definition string      `json:"definition"`
	Grids      int64       `json:"grids"`
	Sum        json.Number `json:"sum"`
	Mean       float64     `json:"mean"`
	Min        *jsonExt    `json:"min,omitempty"`
	Max        *jsonExt    `json:"max,omitempty"`
	Histogram  [][2]int64  `json:"histogram"` // [value, grids], values ascending
}

type jsonExt struct {
	Value   int    `json:"value"`
	Group   int    `json:"group"`
	Ordinal int64  `json:"ordinal"`
	Grid    string `json:"grid"`
}

func (r *Result) toJSON() jsonResult {
	j := jsonResult{Groups: GroupSpan(r.Groups), Where: r.Where, Grids: r.Grids, Matched: r.Matched,
		Invariants: make([]jsonStat, len(r.Stats))}
	for i := range r.Stats {
		s := &r.Stats[i]
		js := jsonStat{Name: s.Name, Definition: s.Definition, Grids: s.Count(), Sum: json.Number(s.Sum().String()),
			Mean: s.Mean(), Histogram: [][2]int64{}}
		for _, v := range sortedKeys(s.Hist) {
			js.Histogram = append(js.Histogram, [2]int64{int64(v), s.Hist[v]})
		}
		if len(s.Hist) > 0 {
			js.Min = &jsonExt{s.Min.Value, s.Min.At.Group, s.Min.At.Ordinal, s.Min.At.Grid.String()}
			js.Max = &jsonExt{s.Max.Value, s.Max.At.Group, s.Max.At.Ordinal, s.Max.At.Grid.String()}
		}
		j.Invariants[i] = js
	}
	return j
}

// WriteJSON writes r as indented JSON: the groups (as GroupSpan writes
// them), the grids examined and matched, and per invariant its grids, exact
// sum, mean, minimum and maximum with their first grids, and its histogram
// as [value, grids] pairs.
func (r *Result) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(r.toJSON())
}

// MarshalJSON is WriteJSON's form on one line.
func (r *Result) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r.toJSON()); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(b.String(), "\n")), nil
}

// parseSpan reads what GroupSpan writes, and the same with a space after
// each comma, as some parts hold it.
func parseSpan(s string) ([]int, error) {
	if s == "none" {
		return nil, nil
	}
	out, err := ranges.Parse(s, band.NumGroups)
	if err != nil {
		return nil, fmt.Errorf("query: result: groups %q", s)
	}
	return out, nil
}

// UnmarshalJSON reads what MarshalJSON writes, checking that it is
// consistent (the histogram adds up to the grids, the extremes are in it).
func (r *Result) UnmarshalJSON(data []byte) error {
	var j jsonResult
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	groups, err := parseSpan(j.Groups)
	if err != nil {
		return err
	}
	*r = Result{Groups: groups, Where: j.Where, Grids: j.Grids, Matched: j.Matched, Stats: make([]Stat, len(j.Invariants))}
	for i, js := range j.Invariants {
		s := Stat{Name: js.Name, Definition: js.Definition, Hist: map[int]int64{}}
		var n int64
		for _, p := range js.Histogram {
			if p[1] <= 0 || int64(int(p[0])) != p[0] {
				return fmt.Errorf("query: result: %s: histogram entry %v", js.Name, p)
			}
			s.Hist[int(p[0])] += p[1]
			n += p[1]
		}
		if n != js.Grids || n != r.Matched {
			return fmt.Errorf("query: result: %s: histogram of %d grids, %d grids matched", js.Name, n, r.Matched)
		}
		if n > 0 {
			if js.Min == nil || js.Max == nil {
				return fmt.Errorf("query: result: %s: no minimum or maximum", js.Name)
			}
			var err error
			if s.Min, err = js.Min.extreme(); err == nil {
				s.Max, err = js.Max.extreme()
			}
			if err != nil {
				return fmt.Errorf("query: result: %s: %w", js.Name, err)
			}
			if s.Hist[s.Min.Value] == 0 || s.Hist[s.Max.Value] == 0 {
				return fmt.Errorf("query: result: %s: extremes %d, %d not in the histogram", js.Name, s.Min.Value, s.Max.Value)
			}
		}
		if sum := s.Sum(); sum.String() != js.Sum.String() {
			return fmt.Errorf("query: result: %s: sum %s, histogram gives %s", js.Name, js.Sum, sum)
		}
		r.Stats[i] = s
	}
	if r.Matched > r.Grids {
		return fmt.Errorf("query: result: %d grids matched of %d", r.Matched, r.Grids)
	}
	return nil
}

func (e *jsonExt) extreme() (Extreme, error) {
	g, err := canon.Parse(e.Grid)
	if err != nil {
		return Extreme{}, err
	}
	return Extreme{e.Value, Position{e.Group, e.Ordinal, g}}, nil
}
