#!/bin/sh
# The line-path rows of docs/benchmarks.md: edgrid's cheap line commands end
# to end on one core (start-up, reading, parsing, checking, the work,
# formatting, writing) against the benchmark of their engine, alternating
# runs so that each pair shares the machine's speed of the moment:
#   canon of 1,000,000 random grids      against canon's Minlex/random
#     and against Minlex/distinct: 262,144 grids whose band lookups miss
#     the cache as a million distinct grids' do (random cycles 4,096)
#   canon --dots of the 17-clue set x 20 against PuzzleMinlex/17clue/plain
#   solve --unique of the same           against solve's Fast/17clue/unique
#   canon --pattern of the same          against canon's PatternMinlex
# Five pairs each, core 0; nothing else should run meanwhile.
set -eu
GO=${GO:-go}
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$GO build -o "$tmp/edgrid" ./cmd/edgrid
$GO test -c -o "$tmp/canon.test" ./canon
$GO test -c -o "$tmp/solve.test" ./solve
"$tmp/edgrid" random -n 1000000 --seed 7 >"$tmp/grids"
grep -v '^#' testdata/puzzles2_17_clue >"$tmp/p17"
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do cat "$tmp/p17"; done >"$tmp/puzzles"
now() { date +%s.%N; }
pair() { # name input "command" test-binary package benchmark
	n=$(wc -l <"$2")
	for i in 1 2 3 4 5; do
		s=$(now)
		GOMAXPROCS=1 taskset -c 0 "$tmp/edgrid" $3 <"$2" >/dev/null
		e=$(now)
		r=$(cd "$root/$5" && taskset -c 0 "$4" -test.run X -test.bench "$6" -test.cpu 1 -test.benchtime 1s |
			grep -o '[0-9.][0-9.]* [a-z]*/s' | head -1 | cut -d' ' -f1)
		awk -v s="$s" -v e="$e" -v r="$r" -v n="$n" -v name="$1" 'BEGIN {
			printf "%s: end to end %.0f/s, engine %.0f/s: %.0f%%\n", name, n / (e - s), r, 100 * n / (e - s) / r }'
	done
}
pair "canon, grids" "$tmp/grids" canon "$tmp/canon.test" canon '^BenchmarkMinlex$/^random$'
pair "canon, grids (distinct)" "$tmp/grids" canon "$tmp/canon.test" canon '^BenchmarkMinlex$/^distinct$'
pair "canon --dots, puzzles" "$tmp/puzzles" "canon --dots" "$tmp/canon.test" canon '^BenchmarkPuzzleMinlex$/^17clue$/^plain$'
pair "solve --unique" "$tmp/puzzles" "solve --unique" "$tmp/solve.test" solve '^BenchmarkFast$/^17clue$/^unique$'
pair "canon --pattern" "$tmp/puzzles" "canon --pattern" "$tmp/canon.test" canon '^BenchmarkPatternMinlex$'
