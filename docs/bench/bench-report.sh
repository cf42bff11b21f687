#!/usr/bin/env bash
# bench-report.sh: runs the benchmarks behind docs/benchmarks.md and prints
# the rows of its first table (what | command | figure | machine), one
# benchmark run each, one goroutine unless the row says otherwise.
# make bench-report runs it; make bench-report > FILE keeps them.
set -euo pipefail
cd "$(dirname "$0")/../.."
GO=${GO:-go}
machine="$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//;s/ *$//'), $($GO env GOVERSION)"
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT

# human prints a benchmark value readably: thousands grouped, small
# values to two decimals.
human() {
	awk -v v="$1" 'BEGIN {
		if (v < 100 && v != int(v)) { printf "%.2f", v; exit }
		s = sprintf("%.0f", v); out = ""
		while (length(s) > 3) { out = "," substr(s, length(s) - 2) out; s = substr(s, 1, length(s) - 3) }
		printf "%s%s", s, out
	}'
}

# row WHAT PKG BENCH BENCHTIME METRIC...: runs one benchmark and prints a row
# with the metrics named (a benchmark line's "value unit" pairs).
row() {
	local what=$1 pkg=$2 bench=$3 benchtime=$4
	shift 4
	local test="$bin/$(echo "$pkg" | tr / _).test"
	[ -x "$test" ] || $GO test -c -o "$test" "./$pkg" >/dev/null
	local out
	out=$(cd "$pkg" && "$test" -test.run '^$' -test.bench "$bench" -test.benchtime "$benchtime" 2>&1 | grep '^Benchmark' | head -1) || true
	if [ -z "$out" ]; then
		echo "| $what | \`go test ./$pkg -run X -bench '$bench' -benchtime $benchtime\` | (did not run) | $machine |"
		return
	fi
	local fig=""
	for unit in "$@"; do
		local v
		v=$(echo "$out" | awk -v u="$unit" '{for (i = 2; i < NF; i++) if ($(i+1) == u) print $i}' | head -1)
		[ -n "$v" ] && fig="$fig${fig:+, }$(human "$v") $unit"
	done
	echo "| $what | \`go test ./$pkg -run X -bench '$bench' -benchtime $benchtime\` | $fig | $machine |"
}

echo "| what | command | figure | machine |"
echo "|---|---|---|---|"
row "minlex of random valid grids" canon 'Minlex/random$' 2s grids/s allocs/op
row "minlex of minlex grids" canon 'Minlex/minlex$' 2s grids/s
row "IsMinlex, random valid grids" canon 'IsMinlex/random$' 2s grids/s
row "IsMinlex, minlex grids" canon 'IsMinlex/minlex$' 2s grids/s
row "Checker.Check, the enumerator's test of a completion" canon 'Checker' 2s grids/s
row "band tables at start-up, all cores" canon 'BandTables' 3x ns/op
row "deriving the 416 band forms from scratch" canon 'DeriveBandForms' 3x ns/op
row "a whole group, bit-mask search: group 1000" enumerate 'Group/g1000/' 1x candidates/s grids/s
row "a whole group, bit-mask search: group 3000" enumerate 'Group/g3000/' 1x candidates/s grids/s
row "dancing links, counting group 1's 11,297,664 completions" dlx 'Count/group1$' 3x solutions/s allocs/op
row "solve, 17-clue set (49,158), first solution, dancing links" solve 'Solve/puzzles2_17_clue/solve$' 3x puzzles/s
row "solve, 17-clue set, prove unique, dancing links" solve 'Solve/puzzles2_17_clue/unique$' 3x puzzles/s
row "solve, top1465, prove unique, dancing links" solve 'Solve/puzzles3_magictour_top1465/unique$' 3x puzzles/s
row "catalog streaming decode, synthetic group 1800 file" storage 'Decode/group=1800/codec=sorted$' 5x grids/s
row "catalog random access by ordinal, group 1800" storage 'Grid/group=1800$' 500x cpu-µs/op
row "coding a block from the search's runs, group 1800" storage 'EncodeRuns/frame=false$' 20x ns/grid
row "catalog size, sorted codec, 13 groups of 13 bands" storage 'SampleSize' 1x sorted-bits/grid
row "unrank without a catalog, paper's order, random numbers" rank 'Query/unrank/paper$' 1000x median-ms p99-ms max-ms
row "rank without a catalog, paper's order, random grids" rank 'Query/rank/paper$' 1000x median-ms p99-ms max-ms
row "unrank without a catalog, lex order" rank 'Query/unrank/lex$' 1000x median-ms p99-ms max-ms
row "rank without a catalog, lex order" rank 'Query/rank/lex$' 1000x median-ms p99-ms max-ms
row "Fast: solve and prove unique, 17-clue set" solve 'Fast/17clue/unique$' 3x puzzles/s allocs/op
row "Fast: solve and prove unique, top1465" solve 'Fast/top1465/unique$' 3x puzzles/s
row "Fast: solve and prove unique, the 375 hardest" solve 'Fast/hardest375/unique$' 2x puzzles/s
row "Fast: counting group 1's 11,297,664 completions" solve 'FastCountGroup1' 3x completions/s
row "puzzle forms, 17-clue set, plain order" canon 'PuzzleMinlex/17clue/plain$' 1s puzzles/s allocs/op
row "puzzle forms, 17-clue set, pattern-first order" canon 'PuzzleMinlex/17clue/patternfirst$' 1s puzzles/s
row "puzzle forms, top1465, plain order" canon 'PuzzleMinlex/top1465/plain$' 1s puzzles/s
row "puzzle forms, top1465, pattern-first order" canon 'PuzzleMinlex/top1465/patternfirst$' 1s puzzles/s
row "pattern forms, the 17-clue set's patterns" canon 'PatternMinlex' 1s patterns/s
row "query: ua4 of random grids" query 'Invariants/ua4/random$' 1s grids/s allocs/op
row "query: intercalates of random grids" query 'Invariants/intercalates/random$' 1s grids/s
row "puzzle IDs end to end, 17-clue set" puzzleid 'ID/puzzles2_17_clue$' 300x puzzles/s
