package jobs

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"edgrid/internal/partfile"
)

// tally is the part of a test work: a group's number times its grids.
type tally struct {
	Label string
	Group int
	Grids int64
	Sum   int64
}

// tallyCodec writes tallies in the part framing.
type tallyCodec struct{}

func (tallyCodec) Name() string              { return "tally" }
func (tallyCodec) FileName(group int) string { return fmt.Sprintf("tally-%04d.txt", group) }

func (tallyCodec) Encode(p tally) ([]byte, error) {
	return partfile.Append(nil, "tally", p.Label, fmt.Appendf(nil, "%d %d %d\n", p.Group, p.Grids, p.Sum))
}

func (tallyCodec) Decode(data []byte) (tally, error) {
	label, content, err := partfile.Open(data, "tally")
	if err != nil {
		return tally{}, err
	}
	p := tally{Label: label}
	if _, err := fmt.Sscanf(string(content), "%d %d %d\n", &p.Group, &p.Grids, &p.Sum); err != nil {
		return tally{}, fmt.Errorf("tally: %w", err)
	}
	return p, nil
}

func (tallyCodec) About(p tally) (string, []int, int64) { return p.Label, []int{p.Group}, p.Grids }

// tallies are the parts of test work whose groups hold 2 grids each.
var tallies = Parts[tally]{Codec: tallyCodec{}, Grids: func(int) int64 { return 2 }}

// runTallies runs label's tallies of groups into dir, counting the parts
// made in made.
func runTallies(dir, label string, groups []int, made *atomic.Int64) (*Summary, error) {
	return tallies.Run(context.Background(), PartsRun[tally]{Dir: dir, Groups: groups, Label: label, Workers: 3,
		Make: func(_ context.Context, g, workers int) (tally, error) {
			if workers < 1 {
				return tally{}, fmt.Errorf("group %d given %d workers", g, workers)
			}
			made.Add(1)
			return tally{label, g, 2, int64(2 * g)}, nil
		}})
}

// sumOf merges m and returns the sum of its tallies and the groups seen.
func sumOf(t *testing.T, m *Merge[tally]) (int64, []int) {
	t.Helper()
	var sum int64
	var seen []int
	if err := m.Each(func(g int, p tally) error {
		sum += p.Sum
		seen = append(seen, g)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return sum, seen
}

// A run over two ranges makes each part once and resumes; a merge of two
// directories reads every group once, in order.
func TestPartsRunAndMerge(t *testing.T) {
	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	var made atomic.Int64
	if _, err := runTallies(a, "L", []int{3, 4, 5, 9}, &made); err != nil || made.Load() != 4 {
		t.Fatalf("run: %v, %d parts made", err, made.Load())
	}
	if sum, err := runTallies(a, "L", []int{3, 4, 5, 9}, &made); err != nil || made.Load() != 4 || sum.Done != 1 {
		t.Fatalf("run again: %v, %d parts made, summary %+v", err, made.Load(), sum)
	}
	if _, err := runTallies(b, "L", []int{5, 6}, &made); err != nil {
		t.Fatal(err)
	}
	m, err := tallies.Survey([]string{a, b}, nil)
	if err != nil || m.Label != "L" || len(m.Problems) != 0 || len(m.NotDone) != 0 {
		t.Fatalf("survey: %+v, %v", m, err)
	}
	if sum, seen := sumOf(t, m); sum != 2*(3+4+5+6+9) || fmt.Sprint(seen) != "[3 4 5 6 9]" {
		t.Errorf("merge: sum %d of groups %v", sum, seen)
	}
	// Some groups only, one of which is not done.
	m, err = tallies.Survey([]string{a}, []int{4, 5, 6})
	if err != nil || fmt.Sprint(m.Groups) != "[4 5]" || fmt.Sprint(m.NotDone) != "[6]" {
		t.Fatalf("survey of 4-6: %+v, %v", m, err)
	}
	// A run or a merge of another label is refused.
	if _, err := runTallies(a, "M", []int{3}, &made); err == nil {
		t.Error("a run of another label into the directory: no error")
	}
	c := filepath.Join(t.TempDir(), "c")
	runTallies(c, "M", []int{3}, &made)
	if _, err := tallies.Survey([]string{a, c}, nil); err == nil || !strings.Contains(err.Error(), "another tally's parts") {
		t.Errorf("merge of two labels: %v", err)
	}
}

// Damage is a merge's problem; a part changed after the survey, or one
// the manifest records that is of another group, fails the merge.
func TestPartsMergeChecks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	var made atomic.Int64
	if _, err := runTallies(dir, "L", []int{1, 2, 3}, &made); err != nil {
		t.Fatal(err)
	}
	path := func(g int) string { return filepath.Join(dir, tallies.Codec.FileName(g)) }
	os.WriteFile(path(2), []byte("damaged\n"), 0o644)
	m, err := tallies.Survey([]string{dir}, nil)
	if err != nil || len(m.Problems) != 1 || !strings.Contains(m.Problems[0], "group 2") || fmt.Sprint(m.NotDone) != "[2]" || fmt.Sprint(m.Groups) != "[1 3]" {
		t.Fatalf("survey over a damaged part: %+v, %v", m, err)
	}
	data, _ := tallyCodec{}.Encode(tally{"L", 3, 2, 7})
	os.WriteFile(path(3), data, 0o644)
	if err := m.Each(func(int, tally) error { return nil }); err == nil || !strings.Contains(err.Error(), "changed while it was merged") {
		t.Errorf("a part changed after the survey: %v", err)
	}
	// A part the manifest records that says it is another group's.
	odd := filepath.Join(t.TempDir(), "odd")
	_, err = tallies.Run(context.Background(), PartsRun[tally]{Dir: odd, Groups: []int{3}, Label: "L",
		Make: func(context.Context, int, int) (tally, error) { return tally{"L", 1, 2, 2}, nil }})
	if err != nil {
		t.Fatal(err)
	}
	if m, err = tallies.Survey([]string{odd}, nil); err != nil {
		t.Fatal(err)
	}
	if err := m.Each(func(int, tally) error { return nil }); err == nil || !strings.Contains(err.Error(), "a part of group 1") {
		t.Errorf("a recorded part of another group: %v", err)
	}
}

// A part the manifest does not record is adopted only when it is a whole
// part of its group and label, covering the group's grids.
func TestPartsVerify(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		p    tally
		data string
		want string
	}{
		{p: tally{"L", 7, 2, 14}},
		{p: tally{"M", 7, 2, 14}, want: `a part of another tally ("M")`},
		{p: tally{"L", 8, 2, 16}, want: "a part of group 8"},
		{p: tally{"L", 7, 1, 7}, want: "a part of 1 grids; group 7 has 2"},
		{data: "edgrid tally part 1\nL\n", want: "checksum"},
	} {
		t.Run(c.want, func(t *testing.T) {
			data := []byte(c.data)
			if c.data == "" {
				data, _ = tallyCodec{}.Encode(c.p)
			}
			path := filepath.Join(dir, "part")
			os.WriteFile(path, data, 0o644)
			grids, why := tallies.Verify(path, 7, "L")
			if c.want == "" && (why != "" || grids != 2) || c.want != "" && !strings.Contains(why, c.want) {
				t.Errorf("%+v %q: %d grids, %q; want %q", c.p, c.data, grids, why, c.want)
			}
		})
	}
	if _, why := tallies.Verify(filepath.Join(dir, "none"), 7, "L"); why == "" {
		t.Error("a missing part verified")
	}
}
