#!/bin/sh
# The serve row "grid endpoint against the CLI" of docs/benchmarks.md: the
# same random grids numbered in all three orders by edgrid rank (one process
# per order, one grid at a time, all cores) and by the grid endpoint of
# edgrid serve with as many workers as cores (two clients posting halves of
# the grids as batches), each timed end to end. Needs curl; nothing else
# should run meanwhile. N grids (default 2,000), PORT (default 18181),
# WORKERS the server's --workers (default: the number of cores; WORKERS=default
# runs it without --workers, with its own default, also one per core).
set -eu
GO=${GO:-go}
N=${N:-2000}
PORT=${PORT:-18181}
tmp=$(mktemp -d)
trap 'kill $srv 2>/dev/null || true; rm -rf "$tmp"' EXIT
$GO build -o "$tmp/edgrid" ./cmd/edgrid
e="$tmp/edgrid"
WORKERS=${WORKERS:-$(nproc)}
"$e" random -n "$N" --seed 11 >"$tmp/grids"
now() { date +%s.%N; }
t0=$(now)
for o in paper groups lex; do
	"$e" rank --order $o --bulk=false <"$tmp/grids" >"$tmp/rank.$o"
done
t1=$(now)
if [ "$WORKERS" = default ]; then
	"$e" serve --addr 127.0.0.1:$PORT 2>"$tmp/log" &
else
	"$e" serve --addr 127.0.0.1:$PORT --workers "$WORKERS" 2>"$tmp/log" &
fi
srv=$!
until curl -sf http://127.0.0.1:$PORT/healthz >/dev/null; do sleep 0.1; done
half=$((N / 2))
awk '{ printf "\"%s\"\n", $1 }' "$tmp/grids" | head -n $half >"$tmp/b1"
awk '{ printf "\"%s\"\n", $1 }' "$tmp/grids" | tail -n +$((half + 1)) >"$tmp/b2"
t2=$(now)
curl -sf --data-binary @"$tmp/b1" http://127.0.0.1:$PORT/api/v1/grid >"$tmp/a1" &
c1=$!
curl -sf --data-binary @"$tmp/b2" http://127.0.0.1:$PORT/api/v1/grid >"$tmp/a2"
wait $c1
t3=$(now)
# The answers agree with the CLI's (paper order).
cat "$tmp/a1" "$tmp/a2" | grep -o '"paper":[0-9]*' | cut -d: -f2 >"$tmp/srv.paper"
cmp "$tmp/srv.paper" "$tmp/rank.paper"
awk -v n="$N" -v w="$WORKERS" -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" 'BEGIN {
	printf "%d grids, three orders: CLI %.2f s, serve (workers: %s) %.2f s: the service at %.0f%% of the CLI'"'"'s rate\n", n, b - a, w, d - c, 100 * (b - a) / (d - c) }'
