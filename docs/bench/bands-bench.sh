#!/usr/bin/env bash
# Times `edgrid scan` by the band method against gridchecker on the same
# grids, one grid at a time, gridchecker pinned to core 0 and edgrid to core
# 1, both at once, so that the two share the machine's state. Prints one line
# a grid: <grid> <edgrid puzzles> <edgrid s> <gridchecker puzzles> <gridchecker s>,
# then the means, the slowest grid of each and the ratio of the means.
#
#   GRIDCHECKER=path/to/gridchecker EDGRID=bin/edgrid docs/bench/bands-bench.sh K GRIDS [METHOD]
#
# gridchecker (github.com/dobrichev/gridchecker) is built outside the
# repository with its makefile (docs/benchmarks.md, "Scan").
set -euo pipefail
k=$1 grids=$2 method=${3:-bands}
edgrid=${EDGRID:-bin/edgrid}
gc=${GRIDCHECKER:?set GRIDCHECKER to the gridchecker binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
while read -r g; do
	[ -n "$g" ] || continue
	( echo "$g" | OMP_NUM_THREADS=1 taskset -c 0 "$gc" --scan --fastscan --numclues "$k" >"$tmp/gc" 2>&1 ) &
	gcpid=$!
	start=$(date +%s.%N)
	n=$(taskset -c 1 "$edgrid" scan --clues "$k" --count --workers 1 --method "$method" "$g" | awk '{print $2}')
	end=$(date +%s.%N)
	wait "$gcpid"
	gcline=$(grep -m1 'puz=' "$tmp/gc")
	gcn=$(sed -E 's/.*puz=([0-9]+).*/\1/' <<<"$gcline")
	gct=$(sed -E 's/.*time ([0-9.]+) seconds.*/\1/' <<<"$gcline")
	printf '%s %s %.3f %s %s\n' "$g" "$n" "$(echo "$end - $start" | bc)" "$gcn" "$gct"
done <"$grids" | tee "$tmp/rows"
awk '{e+=$3; c+=$5; n++; if ($3>me) me=$3; if ($5>mc) mc=$5; if ($2!=$4) bad++}
	END {printf "# grids %d: edgrid mean %.3f s (slowest %.3f), gridchecker mean %.3f s (slowest %.3f), ratio %.4f, counts differ on %d\n", n, e/n, me, c/n, mc, e/c, bad}' "$tmp/rows"
