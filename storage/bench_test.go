package storage

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"edgrid/band"
	"edgrid/canon"
	"edgrid/enumerate"
	"edgrid/internal/testkit"
)

// benchGroups are the groups the decode and lookup benchmarks use: a small
// sparse one and a denser one with 462,194 grids. EDGRID_BENCH_GROUPS=1201,601
// picks others (the grids are held in memory, 170 bytes each).
var benchGroups = testkit.EnvInts("EDGRID_BENCH_GROUPS", []int{2900, 1800})

var (
	sinkGrid canon.Grid
	sinkInt  int64
)

// BenchmarkDecode streams a whole group file (Scan), one goroutine.
func BenchmarkDecode(b *testing.B) {
	for _, group := range benchGroups {
		gg := enumerated(b, group)
		for _, c := range []Codec{CodecSorted, CodecPacked} {
			path := writeGroup(b, b.TempDir(), gg, WriterOptions{Codec: c})
			f, err := Open(path)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("group=%d/codec=%v", group, c), func(b *testing.B) {
				b.ReportAllocs()
				var n int64
				cpu0 := testkit.CPUTime()
				for b.Loop() {
					err := f.Scan(func(ord int64, g *canon.Grid) error {
						sinkInt += int64(g[80])
						n++
						return nil
					})
					if err != nil {
						b.Fatal(err)
					}
				}
				if n%int64(len(gg.grids)) != 0 {
					b.Fatalf("%d grids scanned", n)
				}
				b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "grids/s")
				reportCPU(b, float64(n), cpu0, "grids/cpu-s")
			})
			f.Close()
		}
	}
}

// reportCPU reports work per CPU-second of the process since cpu0: on a
// shared machine it is steadier than the wall-clock rate.
func reportCPU(b *testing.B, work float64, cpu0 time.Duration, unit string) {
	if d := testkit.CPUTime() - cpu0; d > 0 && cpu0 > 0 {
		b.ReportMetric(work/d.Seconds(), unit)
	}
}

// BenchmarkGrid is one random access by ordinal: block index, one block decoded.
func BenchmarkGrid(b *testing.B) {
	for _, group := range benchGroups {
		gg := enumerated(b, group)
		path := writeGroup(b, b.TempDir(), gg, WriterOptions{})
		f, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewPCG(1, 1))
		b.Run(fmt.Sprintf("group=%d", group), func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := testkit.CPUTime()
			for b.Loop() {
				k := 1 + r.Int64N(int64(len(gg.grids)))
				g, err := f.Grid(k)
				if err != nil || g != gg.grids[k-1] {
					b.Fatalf("Grid(%d): %v", k, err)
				}
				sinkGrid = g
			}
			if d := testkit.CPUTime() - cpu0; d > 0 {
				b.ReportMetric(float64(d.Microseconds())/float64(b.N), "cpu-µs/op")
			}
		})
		f.Close()
	}
}

// BenchmarkOrdinal is one search by grid: binary search of the block index,
// one block decoded.
func BenchmarkOrdinal(b *testing.B) {
	for _, group := range benchGroups {
		gg := enumerated(b, group)
		path := writeGroup(b, b.TempDir(), gg, WriterOptions{})
		f, err := Open(path)
		if err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewPCG(2, 2))
		b.Run(fmt.Sprintf("group=%d", group), func(b *testing.B) {
			b.ReportAllocs()
			cpu0 := testkit.CPUTime()
			for b.Loop() {
				k := r.IntN(len(gg.grids))
				o, err := f.Ordinal(&gg.grids[k])
				if err != nil || o != int64(k+1) {
					b.Fatalf("Ordinal(grid %d) = %d, %v", k+1, o, err)
				}
				sinkInt += o
			}
			if d := testkit.CPUTime() - cpu0; d > 0 {
				b.ReportMetric(float64(d.Microseconds())/float64(b.N), "cpu-µs/op")
			}
		})
		f.Close()
	}
}

// BenchmarkWrite codes, compresses and writes a whole group file.
func BenchmarkWrite(b *testing.B) {
	gg := enumerated(b, 1800)
	for _, c := range []Codec{CodecSorted, CodecPacked} {
		for _, placed := range []bool{false, true} {
			b.Run(fmt.Sprintf("group=1800/codec=%v/placed=%v", c, placed), func(b *testing.B) {
				b.ReportAllocs()
				dir := b.TempDir()
				cpu0 := testkit.CPUTime()
				for b.Loop() {
					writeGroupWith(b, dir, gg, WriterOptions{Codec: c}, placed)
				}
				b.ReportMetric(float64(len(gg.grids))*float64(b.N)/b.Elapsed().Seconds(), "grids/s")
				reportCPU(b, float64(len(gg.grids))*float64(b.N), cpu0, "grids/cpu-s")
			})
		}
	}
}

// BenchmarkEnumerateWrite compares enumerating a group with and without
// writing its file: the difference is what writing costs the enumeration.
// "none-batch" drops the batches, as `edgrid enumerate --count` does, and
// "none" drops the grids one by one (Group, which copies each); "sorted"
// and "packed" write as `edgrid enumerate --out` does (GroupBatches,
// AddBatch); "sorted-placed" passes grids one by one with their Places
// (AddPlaced) and "sorted-add" without (Add). -count runs each mode n times
// in a row: for comparisons, run the modes in turn from a shell loop (the
// docs/benchmarks.md, "Measured by hand"). EDGRID_GROUPS=600,1800 picks other groups.
func BenchmarkEnumerateWrite(b *testing.B) {
	for _, group := range envGroups(b, "EDGRID_GROUPS", 2900, 1800) {
		grp, _ := band.ByNumber(group)
		for _, mode := range []string{"none", "none-batch", "sorted", "sorted-placed", "sorted-add", "packed"} {
			b.Run(fmt.Sprintf("group=%d/write=%s", group, mode), func(b *testing.B) {
				dir := b.TempDir()
				cpu0 := testkit.CPUTime()
				for b.Loop() {
					if err := enumerateWrite(context.Background(), grp, mode, filepath.Join(dir, "g.edg")); err != nil {
						b.Fatal(err)
					}
				}
				if d := testkit.CPUTime() - cpu0; d > 0 {
					b.ReportMetric(d.Seconds()/float64(b.N), "cpu-s/op")
				}
			})
		}
	}
}

// enumerateWrite enumerates grp and writes it to path as BenchmarkEnumerateWrite's mode says.
func enumerateWrite(ctx context.Context, grp band.Group, mode, path string) error {
	opt := enumerate.Options{}
	switch mode {
	case "none":
		_, err := enumerate.Group(ctx, grp.Key, opt, func(*canon.Grid, int) error { return nil })
		return err
	case "none-batch":
		_, err := enumerate.GroupBatches(ctx, grp.Key, opt, func(enumerate.Batch) error { return nil })
		return err
	}
	c, _ := ParseCodec(strings.Split(mode, "-")[0])
	w, err := Create(path, grp.Number, WriterOptions{Codec: c})
	if err != nil {
		return err
	}
	switch mode {
	case "sorted-placed":
		_, err = enumerate.GroupPlaced(ctx, grp.Key, opt, w.AddPlaced)
	case "sorted-add":
		_, err = enumerate.Group(ctx, grp.Key, opt, w.Add)
	default:
		_, err = enumerate.GroupBatches(ctx, grp.Key, opt, func(b enumerate.Batch) error { return w.AddBatch(b) })
	}
	if err != nil {
		w.Abort()
		return err
	}
	return w.Close()
}

// BenchmarkSampleSize writes every 300th group (1, 301, ..., 3301) and the
// last, from 13 first bands, with both codecs and reports the bits a grid,
// file headers and block indexes included. It enumerates 11.4 million
// grids: run it with -benchtime 1x -v. EDGRID_SAMPLE=1,2,3 picks other groups.
func BenchmarkSampleSize(b *testing.B) {
	groups := envGroups(b, "EDGRID_SAMPLE", 1, 301, 601, 901, 1201, 1501, 1801, 2101, 2401, 2701, 3001, 3301, 3541)
	for b.Loop() {
		var grids int64
		size := map[Codec]int64{}
		for _, group := range groups {
			grp, err := band.ByNumber(group)
			if err != nil {
				b.Fatal(err)
			}
			dir := b.TempDir()
			ws := map[Codec]*Writer{}
			for _, c := range []Codec{CodecSorted, CodecPacked} {
				if ws[c], err = Create(filepath.Join(dir, c.String()), group, WriterOptions{Codec: c}); err != nil {
					b.Fatal(err)
				}
			}
			st, err := enumerate.Group(context.Background(), grp.Key, enumerate.Options{}, func(g *canon.Grid, a int) error {
				if err := ws[CodecSorted].Add(g, a); err != nil {
					return err
				}
				return ws[CodecPacked].Add(g, a)
			})
			if err != nil {
				b.Fatal(err)
			}
			line := fmt.Sprintf("group %4d (band %3d): %8d grids", group, grp.Band, st.Grids)
			for _, c := range []Codec{CodecSorted, CodecPacked} {
				if err := ws[c].Close(); err != nil {
					b.Fatal(err)
				}
				fi, err := os.Stat(filepath.Join(dir, c.String()))
				if err != nil {
					b.Fatal(err)
				}
				size[c] += fi.Size()
				line += fmt.Sprintf("  %v %7.2f bits/grid", c, 8*float64(fi.Size())/float64(st.Grids))
			}
			grids += st.Grids
			b.Log(line)
		}
		b.ReportMetric(8*float64(size[CodecSorted])/float64(grids), "sorted-bits/grid")
		b.ReportMetric(8*float64(size[CodecPacked])/float64(grids), "packed-bits/grid")
	}
}

// BenchmarkDecodeCatalog streams every 50th group of a full catalog (71
// groups from all parts of the range, about 1 in 50 of the grids) when
// EDGRID_CATALOG names one: the decode rate on real files, one goroutine.
//
//	EDGRID_CATALOG=/var/tmp/catalog go test ./storage -run X -bench DecodeCatalog -benchtime 1x
func BenchmarkDecodeCatalog(b *testing.B) {
	dir := os.Getenv("EDGRID_CATALOG")
	if dir == "" {
		b.Skip("EDGRID_CATALOG not set")
	}
	cat, err := OpenCatalog(dir)
	if err != nil {
		b.Fatal(err)
	}
	var files []*File
	for i := 0; i < len(cat.Entries); i += 50 {
		f, err := cat.Open(cat.Entries[i].Group)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		files = append(files, f)
	}
	b.ReportAllocs()
	var n int64
	cpu0 := testkit.CPUTime()
	for b.Loop() {
		for _, f := range files {
			if err := f.Scan(func(_ int64, g *canon.Grid) error {
				sinkInt += int64(g[80])
				n++
				return nil
			}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "grids/s")
	reportCPU(b, float64(n), cpu0, "grids/cpu-s")
}

// BenchmarkEncodeRuns codes group 1800's blocks from runs and rows 7, as a
// writer fed by AddBatch does: the coder's own cost a grid (frame=false),
// and with each block's zstd frame made as the writer makes it (frame=true).
// EDGRID_GROUPS=600 codes group 600 instead (5.5 M grids, 1 GB of memory).
func BenchmarkEncodeRuns(b *testing.B) {
	gg := enumerated(b, envGroups(b, "EDGRID_GROUPS", 1800)[0])
	type block struct {
		runs []run
		rows []enumerate.UsedRow7
	}
	var blocks []block
	var cur block
	work := 0
	for i := 0; i < len(gg.grids); {
		// The grids i..j-1 of one run, as far as the block goes.
		g := &gg.grids[i]
		work += 4
		j := i + 1
		for j < len(gg.grids) && work+j-i < DefaultBlockWork && eq27(bandOf(&gg.grids[j], 1), bandOf(g, 1)) {
			j++
		}
		var err error
		if cur.rows, err = rowsOfPlaces(gg.places[i:j], cur.rows); err != nil {
			b.Fatal(err)
		}
		cur.runs = append(cur.runs, run{band2: *bandOf(g, 1), cands: candsOf(g), end: len(cur.rows)})
		if work += j - i; work >= DefaultBlockWork {
			blocks, cur, work = append(blocks, cur), block{}, 0
		}
		i = j
	}
	blocks = append(blocks, cur)
	for _, frame := range []bool{false, true} {
		b.Run(fmt.Sprintf("frame=%v", frame), func(b *testing.B) {
			var dst, f []byte
			for b.Loop() {
				for i := range blocks {
					var err error
					if dst, err = encodeSortedRuns(blocks[i].runs, blocks[i].rows, dst[:0]); err != nil {
						b.Fatal(err)
					}
					if frame {
						f = compress(CodecSorted, CompressFast, dst, f[:0])
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(gg.grids)), "ns/grid")
		})
	}
}

// envGroups returns the comma-separated group numbers in the environment
// variable name, or def when it is not set.
func envGroups(b *testing.B, name string, def ...int) []int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	var groups []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			b.Fatalf("%s: %v", name, err)
		}
		groups = append(groups, n)
	}
	return groups
}
