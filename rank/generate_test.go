package rank

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sort"
	"sync"
	"testing"
	"time"

	"golang.org/x/sync/errgroup"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/testkit/gridkit"
	"edgrid/jobs"
	"edgrid/storage"
)

// The embedded tables are generated here, by tests, because building them
// uses the package's own encoders (make tables; README "Generated files"):
//
//	EDGRID_CATALOG=DIR go test ./rank -run '^TestGenerated' -generate -timeout 3h
//
// writes tables.bin and paper.bin from a full run's directory DIR and
// split.bin from the enumerator. Without -generate the same tests check
// that the committed files are what generation gives: tables.bin and
// paper.bin in full from a catalog, or, without one, for a few groups
// enumerated afresh; split.bin's cuts come from timings on the machine that
// made them, so for it the check is that every cut is exact.
var generate = flag.Bool("generate", false, "write tables.bin, paper.bin (both from EDGRID_CATALOG) and split.bin anew")

// docs/design/method.md's totals.
const (
	wantTotal = 5472730538
	wantBand1 = 1007170
)

// writeOrCompare writes data to the committed file name with -generate, and
// otherwise fails unless the committed file holds exactly data.
func writeOrCompare(t *testing.T, name string, data []byte) {
	t.Helper()
	if *generate {
		if err := storage.WriteFileAtomic(name, data); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s: %d bytes", name, len(data))
		return
	}
	have, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, data) {
		t.Fatalf("the committed %s (%d bytes) is not what generation gives (%d bytes): make tables", name, len(have), len(data))
	}
}

// taskCounts enumerates group g and returns its grids and completions by
// row 4, as a run's task files record them.
func taskCounts(t *testing.T, g int) (grids, work []int64) {
	t.Helper()
	grp, err := band.ByNumber(g)
	if err != nil {
		t.Fatal(err)
	}
	_, err = enumerate.Group(context.Background(), grp.Key, enumerate.Options{TaskDone: func(_ int, n, c int64) {
		grids, work = append(grids, n), append(work, c)
	}}, func(*canon.Grid, int) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	return grids, work
}

func TestGeneratedTables(t *testing.T) {
	dir := os.Getenv("EDGRID_CATALOG")
	if dir == "" {
		if *generate {
			t.Fatal("-generate: tables.bin is built from a full run: set EDGRID_CATALOG")
		}
		tb, err := Embedded()
		if err != nil {
			t.Fatal(err)
		}
		if tb.Total() != wantTotal || tb.BandCount(1) != wantBand1 {
			t.Fatalf("embedded tables: %d grids, band 1 %d; want %d, %d", tb.Total(), tb.BandCount(1), wantTotal, wantBand1)
		}
		groups := []int{3541, 2800}
		if !testing.Short() {
			groups = append(groups, 1, 600, 1800)
		}
		for _, g := range groups {
			grids, work := taskCounts(t, g)
			cum, err := tb.Buckets(g)
			if err != nil {
				t.Fatal(err)
			}
			var w int64
			for i := range grids {
				if n := cum[i+1] - cum[i]; n != grids[i] {
					t.Fatalf("group %d bucket %d: %d grids enumerated, tables.bin says %d", g, i, grids[i], n)
				}
				w += work[i]
			}
			if len(cum) != len(grids)+1 || w != tb.GroupWork(g) {
				t.Fatalf("group %d: %d buckets and work %d enumerated; tables.bin: %d, %d", g, len(grids), w, len(cum)-1, tb.GroupWork(g))
			}
		}
		return
	}
	data := tablesFromRun(t, dir)
	writeOrCompare(t, "tables.bin", data)
}

// tablesFromRun builds tables.bin from the directory of a full run: the
// bucket counts of its task files (a group without one, written by a
// cluster job, is counted from its group file, its grids standing in for its
// work), checked against the catalog index and docs/design/method.md's totals.
func tablesFromRun(t *testing.T, dir string) []byte {
	cat, err := storage.OpenCatalog(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(cat.Entries) != band.NumGroups {
		t.Fatalf("the catalog holds %d groups, want all %d", len(cat.Entries), band.NumGroups)
	}
	counts := make([][]int64, band.NumGroups)
	work := make([]int64, band.NumGroups)
	var total int64
	for _, e := range cat.Entries {
		grp, err := band.ByNumber(e.Group)
		if err != nil {
			t.Fatal(err)
		}
		row4s := gridkit.MustSearcher(t, grp.Key).Row4s()
		var c []int64
		if ts, err := jobs.ReadTasks(dir, e.Group); err == nil {
			for _, x := range ts {
				c = append(c, x.Grids)
				work[e.Group-1] += x.Completions
			}
		} else {
			work[e.Group-1] = e.Count
			if c, err = scanBuckets(cat, e.Group, row4s); err != nil {
				t.Fatal(err)
			}
		}
		var n int64
		for _, x := range c {
			n += x
		}
		if len(c) != len(row4s) || n != e.Count {
			t.Fatalf("group %d: %d buckets of %d grids counted; the group has %d fillings of row 4, the index %d grids", e.Group, len(c), n, len(row4s), e.Count)
		}
		counts[e.Group-1] = c
		total += n
	}
	if total != wantTotal {
		t.Fatalf("%d grids in all, docs/design/method.md says %d", total, wantTotal)
	}
	data, err := buildTables(counts, work)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := loadTables(data)
	if err != nil {
		t.Fatal(err)
	}
	if tb.BandCount(1) != wantBand1 {
		t.Fatalf("first band 1 has %d grids, docs/design/method.md says %d", tb.BandCount(1), wantBand1)
	}
	return data
}

// scanBuckets counts a group file's grids by row 4.
func scanBuckets(cat *storage.Catalog, group int, row4s [][8]uint8) ([]int64, error) {
	f, err := cat.Open(group)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c := make([]int64, len(row4s))
	i := 0
	err = f.Scan(func(_ int64, g *canon.Grid) error {
		for i < len(row4s) && bytes.Compare(row4s[i][:], g[28:36]) < 0 {
			i++
		}
		if i == len(row4s) || [8]uint8(g[28:36]) != row4s[i] {
			return fmt.Errorf("group %d: grid %s has a row 4 the group does not allow", group, g.String())
		}
		c[i]++
		return nil
	})
	return c, err
}

func TestGeneratedPaper(t *testing.T) {
	tb, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	p, err := embeddedPaperTable()
	if err != nil {
		t.Fatal(err)
	}
	pp := p.Params()
	dir := os.Getenv("EDGRID_CATALOG")
	if dir == "" || (testing.Short() && !*generate) {
		if *generate {
			t.Fatal("-generate: paper.bin is built from a full catalog: set EDGRID_CATALOG")
		}
		// A few small groups, one of them with measured leaves, rebuilt
		// from their enumeration: the same streams.
		groups := []int{3541}
		for g := band.NumGroups - 1; g > 0; g-- {
			if pp.measured(tb, g) && tb.GroupCount(g) < 20000 {
				groups = append(groups, g)
				break
			}
		}
		if !testing.Short() {
			groups = append(groups, 3000, 2000)
		}
		for _, g := range groups {
			grp, err := band.ByNumber(g)
			if err != nil {
				t.Fatal(err)
			}
			var grids []canon.Grid
			if _, err := enumerate.Group(context.Background(), grp.Key, enumerate.Options{}, func(x *canon.Grid, _ int) error {
				grids = append(grids, *x)
				return nil
			}); err != nil {
				t.Fatal(err)
			}
			s, _, err := buildPaperTree(tb, g, grids, pp)
			if err != nil {
				t.Fatal(err)
			}
			if want := p.streams[p.offsets[g-1]:p.offsets[g]]; !bytes.Equal(s, want) {
				t.Fatalf("group %d (measured %v): the rebuilt tree (%d bytes) differs from paper.bin's (%d bytes)", g, pp.measured(tb, g), len(s), len(want))
			}
		}
		return
	}
	data := paperFromCatalog(t, dir, tb, pp)
	writeOrCompare(t, "paper.bin", data)
}

// paperFromCatalog builds paper.bin from a full catalog: each group's grids
// are read from its file and split as the dancing-links search splits them,
// down to leaves as pp says.
func paperFromCatalog(t *testing.T, dir string, tb *Tables, pp paperParams) []byte {
	cat, err := storage.OpenCatalog(dir)
	if err != nil {
		t.Fatal(err)
	}
	streams := make([][]byte, band.NumGroups)
	var eg errgroup.Group
	eg.SetLimit(runtime.GOMAXPROCS(0))
	for g := 1; g <= band.NumGroups; g++ {
		eg.Go(func() error {
			f, err := cat.Open(g)
			if err != nil {
				return err
			}
			defer f.Close()
			grids := make([]canon.Grid, 0, tb.GroupCount(g))
			if err := f.Scan(func(_ int64, x *canon.Grid) error {
				grids = append(grids, *x)
				return nil
			}); err != nil {
				return err
			}
			if int64(len(grids)) != tb.GroupCount(g) {
				return fmt.Errorf("group %d: %d grids in its file, the tables say %d", g, len(grids), tb.GroupCount(g))
			}
			streams[g-1], _, err = buildPaperTree(tb, g, grids, pp)
			return err
		})
	}
	if err := eg.Wait(); err != nil {
		t.Fatal(err)
	}
	data, err := buildPaper(pp, streams)
	if err != nil {
		t.Fatal(err)
	}
	p, err := loadPaper(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Check(tb); err != nil {
		t.Fatal(err)
	}
	return data
}

// splitBudget is the most time the worst parts of a lexicographic bucket
// may take, added up, when split.bin is generated.
const splitBudget = 8 * time.Millisecond

func TestGeneratedSplit(t *testing.T) {
	tb, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	if !*generate {
		s, err := embeddedSplitTable()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Check(tb); err != nil {
			t.Fatal(err)
		}
		return
	}
	var (
		mu      sync.Mutex
		entries []splitEntry
	)
	eg, ctx := errgroup.WithContext(context.Background())
	eg.SetLimit(runtime.GOMAXPROCS(0))
	for b := 1; b <= band.NumFirstBands; b++ {
		eg.Go(func() error {
			es, err := splitBand(ctx, tb, b, splitBudget)
			mu.Lock()
			entries = append(entries, es...)
			mu.Unlock()
			return err
		})
	}
	if err := eg.Wait(); err != nil {
		t.Fatal(err)
	}
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		return a.Group < b.Group || a.Group == b.Group && a.Bucket < b.Bucket
	})
	data, err := buildSplit(splitBudget.Microseconds(), entries)
	if err != nil {
		t.Fatal(err)
	}
	s, err := loadSplit(data)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Check(tb); err != nil {
		t.Fatal(err)
	}
	writeOrCompare(t, "split.bin", data)
}

// member is one group's bucket in a lexicographic bucket.
type member struct {
	q      *enumerate.Searcher
	group  int
	bucket int
	r4     [8]uint8
	size   int64
}

// splitBand returns the split entries of first band b. Time decides: a
// grid's cost is mostly its check, which varies with the first band far
// more than the completions do. Each group's largest bucket is timed on
// this machine, which gives the group's time per grid. The buckets of the
// band's groups that share a row 4 and r5c1 (a lexicographic bucket, the
// most one query regenerates) whose estimated times add up to more than
// budget are counted by the digits of row 5 (one enumeration each) and cut
// by the next cells of row 5 to the least depth at which their largest
// parts' estimated times add up to at most budget.
func splitBand(ctx context.Context, tb *Tables, b int, budget time.Duration) ([]splitEntry, error) {
	groups, err := band.GroupsOfBand(b)
	if err != nil {
		return nil, err
	}
	type lexKey struct {
		r4   [8]uint8
		r5c1 uint8
	}
	lex := map[lexKey][]member{}
	est := map[lexKey]time.Duration{} // the members' times added up
	perGrid := map[int]float64{}
	var keys []lexKey
	for _, g := range groups {
		q, err := enumerate.NewSearcher(g.Key)
		if err != nil {
			return nil, err
		}
		cum, err := tb.Buckets(g.Number)
		if err != nil {
			return nil, err
		}
		row4s := q.Row4s()
		big := 0
		for i := range row4s {
			if cum[i+1]-cum[i] > cum[big+1]-cum[big] {
				big = i
			}
		}
		t0 := time.Now()
		if _, err := q.Run(ctx, row4s[big][:], func(*canon.Grid, int) error { return nil }); err != nil {
			return nil, err
		}
		perGrid[g.Number] = float64(time.Since(t0)) / float64(max(1, cum[big+1]-cum[big]))
		for i, r4 := range row4s {
			k := lexKey{r4, g.Key[28]}
			if _, ok := lex[k]; !ok {
				keys = append(keys, k)
			}
			m := member{q, g.Number, i, r4, cum[i+1] - cum[i]}
			lex[k] = append(lex[k], m)
			est[k] += time.Duration(float64(m.size) * perGrid[g.Number])
		}
	}
	var out []splitEntry
	for _, k := range keys {
		if est[k] <= budget {
			continue
		}
		ms := lex[k]
		hist := make([]map[[8]uint8]int64, len(ms))
		for x, m := range ms {
			hist[x] = map[[8]uint8]int64{}
			if _, err := m.q.Run(ctx, m.r4[:], func(g *canon.Grid, _ int) error {
				hist[x][[8]uint8(g[37:45])]++
				return nil
			}); err != nil {
				return nil, err
			}
		}
		for depth := 1; depth <= 8; depth++ {
			var worst time.Duration
			es := make([]splitEntry, len(ms))
			for x, m := range ms {
				byPrefix := map[string]int64{}
				for r5, n := range hist[x] {
					byPrefix[string(r5[:depth])] += n
				}
				es[x] = splitEntry{Group: m.group, Bucket: m.bucket, Depth: depth}
				var sum, big int64
				for _, p := range splitPrefixes(m.q, m.r4, depth) {
					n := byPrefix[string(p[8:])]
					es[x].Counts = append(es[x].Counts, n)
					sum += n
					big = max(big, n)
				}
				if sum != m.size {
					return nil, fmt.Errorf("group %d bucket %d: parts hold %d grids, the tables say %d", m.group, m.bucket, sum, m.size)
				}
				worst += time.Duration(float64(big) * perGrid[m.group])
			}
			if worst <= budget || depth == 8 {
				out = append(out, slices.Clip(es)...)
				break
			}
		}
	}
	return out, nil
}
