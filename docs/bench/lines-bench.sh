#!/bin/bash
# The line-path rows of docs/benchmarks.md: edgrid's line commands end to
# end on one core (start-up, reading, parsing, checking, the work,
# formatting, writing) against the benchmark of their engine, alternating
# runs so that each pair shares the machine's speed of the moment:
#   canon of random grids                 against canon's Minlex/random
#     and against Minlex/distinct: 262,144 grids whose band lookups miss
#     the cache as a million distinct grids' do (random cycles 4,096)
#   canon of the first 4,096 of them, cycled to as many lines, against
#     Minlex/random: the benchmark's kind of input (4,096 grids cycled)
#   canon --autos of the same grids       against Minlex/random and
#                                         Minlex/distinct (Minlex counts
#                                         the automorphisms anyway)
#   canon --dots of the 17-clue set x 20  against PuzzleMinlex/17clue/plain
#   canon --pattern of the same           against canon's PatternMinlex
#   solve (first solution) of the same    against solve's Fast/17clue/first
#   solve --unique of the same            against Fast/17clue/unique
#   solve --count of the same (unique     against Fast/17clue/count
#     puzzles: the whole search)
#   unrank of random numbers              against rank's Query/unrank/paper
#                                         (its ns/op as a rate)
#   puzzle of the IDs of the first 2,048  against puzzleid's Puzzle/17clue
#     17-clue puzzles                     (the same IDs)
# Each pair prints a line; then one summary line per command: the medians
# of the end-to-end rate and of the engine rate over the pairs, and their
# ratio. Core 0; nothing else should run meanwhile.
#
# Run from the repository's root, after `make build` (bin/edgrid; EDGRID
# names another binary; without one the script builds it):
#   bash docs/bench/lines-bench.sh
# Sizes, for a quick smoke run (LINES_PAIRS=1 LINES_GRIDS=1000 LINES_REPS=1
# LINES_NUMBERS=20 LINES_IDS=20 LINES_BENCHTIME=10x):
#   LINES_GRIDS    random grids for canon (default 1000000)
#   LINES_REPS     copies of the 17-clue set for canon --dots/--pattern and
#                  solve (default 20)
#   LINES_NUMBERS  random numbers for unrank (default 2000: about 1 ms each)
#   LINES_IDS      IDs for puzzle, at most 2048 (default 2048)
#   LINES_PAIRS    pairs of runs a command (default 5)
#   LINES_BENCHTIME  -test.benchtime of the engine benchmarks (default 1s)
set -euo pipefail
GO=${GO:-go}
grids=${LINES_GRIDS:-1000000}
reps=${LINES_REPS:-20}
numbers=${LINES_NUMBERS:-2000}
nids=${LINES_IDS:-2048}
pairs=${LINES_PAIRS:-5}
benchtime=${LINES_BENCHTIME:-1s}
((nids > 2048)) && nids=2048
root=$(pwd)
[[ -f "$root/go.mod" && -d "$root/cmd/edgrid" ]] || { echo "lines-bench.sh: run it from the repository's root" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The engines are built as make build builds edgrid (Go's SIMD package on amd64).
simd=()
[[ $($GO env GOARCH) == amd64 ]] && simd=(env GOEXPERIMENT=simd)
edgrid=${EDGRID:-$root/bin/edgrid}
if [[ ! -x "$edgrid" ]]; then
	edgrid=$tmp/edgrid
	"${simd[@]}" $GO build -o "$edgrid" ./cmd/edgrid
fi
for p in canon solve rank puzzleid; do
	"${simd[@]}" $GO test -c -o "$tmp/$p.test" "./$p"
done

"$edgrid" random -n "$grids" --seed 7 >"$tmp/grids"
head -n 4096 "$tmp/grids" >"$tmp/g4096"
for ((i = 0; i < (grids + 4095) / 4096; i++)); do cat "$tmp/g4096"; done >"$tmp/cycled"
grep -v '^#' testdata/puzzles2_17_clue >"$tmp/p17"
for ((i = 0; i < reps; i++)); do cat "$tmp/p17"; done >"$tmp/puzzles"
awk -v n="$numbers" 'BEGIN { srand(7); for (i = 0; i < n; i++) printf "%d\n", 1 + int(rand() * 5472730538) }' >"$tmp/numbers"
head -n "$nids" "$tmp/p17" | "$edgrid" id | cut -d' ' -f1 >"$tmp/ids"

now() { date +%s.%N; }
# median reads numbers, one a line, and prints their median.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# rate prints a benchmark's rate: its first "<n> <unit>/s" metric, or else
# 1e9 / its ns/op.
rate() {
	awk '/^Benchmark/ {
		for (i = 2; i < NF; i++) if ($(i + 1) ~ /^[a-z]+\/s$/) { print $i; exit }
		for (i = 2; i < NF; i++) if ($(i + 1) == "ns/op") { print 1e9 / $i; exit }
	}'
}
pair() { # name input "command" package benchmark
	local n e2e=() eng=() s e r i
	n=$(wc -l <"$2")
	for ((i = 0; i < pairs; i++)); do
		s=$(now)
		GOMAXPROCS=1 taskset -c 0 "$edgrid" $3 <"$2" >/dev/null
		e=$(now)
		r=$(cd "$root/$4" && taskset -c 0 "$tmp/$4.test" -test.run X -test.bench "$5" -test.cpu 1 -test.benchtime "$benchtime" | rate)
		[[ -n "$r" ]] || { echo "lines-bench.sh: $4 benchmark $5 printed no rate" >&2; exit 1; }
		e2e+=("$(awk -v s="$s" -v e="$e" -v n="$n" 'BEGIN { printf "%.1f", n / (e - s) }')")
		eng+=("$r")
		awk -v a="${e2e[i]}" -v r="$r" -v name="$1" 'BEGIN {
			printf "  %s: end to end %.0f/s, engine %.0f/s: %.0f%%\n", name, a, r, 100 * a / r }'
	done
	awk -v a="$(printf '%s\n' "${e2e[@]}" | median)" -v r="$(printf '%s\n' "${eng[@]}" | median)" -v name="$1" -v p="$pairs" 'BEGIN {
		printf "%s: end to end %.0f/s, engine %.0f/s, ratio %.2f (medians of %d pairs)\n", name, a, r, a / r, p }'
}
pair "canon, grids" "$tmp/grids" canon canon '^BenchmarkMinlex$/^random$'
pair "canon, grids (distinct)" "$tmp/grids" canon canon '^BenchmarkMinlex$/^distinct$'
pair "canon, 4,096 grids cycled" "$tmp/cycled" canon canon '^BenchmarkMinlex$/^random$'
pair "canon --autos, grids" "$tmp/grids" "canon --autos" canon '^BenchmarkMinlex$/^random$'
pair "canon --autos, grids (distinct)" "$tmp/grids" "canon --autos" canon '^BenchmarkMinlex$/^distinct$'
pair "canon --dots, puzzles" "$tmp/puzzles" "canon --dots" canon '^BenchmarkPuzzleMinlex$/^17clue$/^plain$'
pair "canon --pattern" "$tmp/puzzles" "canon --pattern" canon '^BenchmarkPatternMinlex$'
pair "solve (first solution)" "$tmp/puzzles" "solve" solve '^BenchmarkFast$/^17clue$/^first$'
pair "solve --unique" "$tmp/puzzles" "solve --unique" solve '^BenchmarkFast$/^17clue$/^unique$'
pair "solve --count" "$tmp/puzzles" "solve --count" solve '^BenchmarkFast$/^17clue$/^count$'
pair "unrank" "$tmp/numbers" "unrank" rank '^BenchmarkQuery$/^unrank$/^paper$'
pair "puzzle" "$tmp/ids" "puzzle" puzzleid '^BenchmarkPuzzle$/^17clue$'
