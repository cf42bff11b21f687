#!/bin/sh
# The figures of docs/benchmarks.md's "Bulk answering" table: bulk answering
# against one query at a time on first band 302 (nine small groups, 20,203
# grids), with and without a catalog of it, in the library and end to end.
# About two minutes on 2 cores; nothing else should run meanwhile. It builds
# no full catalog and runs no full enumeration; the figures with the full
# catalog (docs/benchmarks.md, "The whole catalog") are measured separately,
# with the commands that table gives.
set -eu
GO=${GO:-go}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
$GO test ./rank -run X -bench Bulk -benchtime 3x
$GO build -o "$tmp/edgrid" ./cmd/edgrid
e="$tmp/edgrid"
"$e" enumerate --groups 2741-2749 --catalog "$tmp/cat" >/dev/null
"$e" enumerate --groups 2741-2749 >"$tmp/band"
# 200,000 grids of the band, relabelled at random (duplicates included).
awk 'BEGIN { srand(1) } { g[NR] = $1 } END {
	for (i = 0; i < 200000; i++) {
		s = g[int(rand() * NR) + 1]; p = "123456789"; q = ""
		for (k = 9; k > 0; k--) { j = int(rand() * k) + 1; q = q substr(p, j, 1); p = substr(p, 1, j - 1) substr(p, j + 1) }
		out = ""; for (c = 1; c <= 81; c++) out = out substr(q, substr(s, c, 1), 1)
		print out
	} }' "$tmp/band" >"$tmp/in"
head -2000 "$tmp/in" >"$tmp/in2k"
t() { /usr/bin/time -f "$1: %e s wall, %U s user, %M KB" "$@" >/dev/null; }
echo "enumerate --count of the band's groups:"; /usr/bin/time -f "%e s wall" "$e" enumerate --count --groups 2741-2749
for cat in "" "--catalog $tmp/cat"; do
	echo "rank --order lex $cat"
	/usr/bin/time -f "  200,000 in bulk: %e s wall, %U s user, %M KB" "$e" rank --order lex --bulk $cat <"$tmp/in" >/dev/null
	/usr/bin/time -f "  200,000 in bulk, --mem 4M (spilled): %e s wall, %U s user, %M KB" "$e" rank --order lex --bulk --mem 4M $cat <"$tmp/in" >/dev/null
	/usr/bin/time -f "  2,000 in bulk: %e s wall" "$e" rank --order lex --bulk $cat <"$tmp/in2k" >/dev/null
	/usr/bin/time -f "  2,000 one at a time: %e s wall" "$e" rank --order lex --bulk=false $cat <"$tmp/in2k" >/dev/null
done
