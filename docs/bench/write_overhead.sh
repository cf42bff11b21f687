#!/bin/bash
# write_overhead.sh EDGRID OUT [ROUNDS]: what writing group files costs the
# enumeration, on real work. For 12 chunks of 25 groups spread over the
# catalog (groups 1-25, 301-325, ..., 3301-3325) it runs
# `edgrid enumerate --groups A-B --count` and `... --catalog DIR` back to back,
# the order alternating from chunk to chunk and round to round, ROUNDS times
# (default 1), and appends one line per run to OUT: round, groups, mode, user
# and system CPU seconds, wall seconds. Then it prints the totals of both
# modes and the ratio. About 6 minutes a round on two cores.
set -e
BIN=$1; OUT=$2; ROUNDS=${3:-1}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
: > "$OUT"
for ((round = 0; round < ROUNDS; round++)); do
  for ((i = 0; i < 12; i++)); do
    a=$((1 + 300 * i)); b=$((a + 24))
    modes="count out"; (( (i + round) % 2 )) && modes="out count"
    for m in $modes; do
      rm -rf "$TMP/cat"
      if [ $m = count ]; then args=(--count); else args=(--catalog "$TMP/cat"); fi
      /usr/bin/time -f "%U %S %e" -o "$TMP/time" "$BIN" enumerate --groups $a-$b "${args[@]}" > /dev/null
      echo "$round $a-$b $m $(cat "$TMP/time")" >> "$OUT"
    done
  done
done
awk '{cpu[$3] += $4 + $5; wall[$3] += $6}
  END {printf "enumerate only: %.1f CPU-s, %.1f s wall; writing: %.1f CPU-s, %.1f s wall; CPU %+.2f%%, wall %+.2f%%\n",
    cpu["count"], wall["count"], cpu["out"], wall["out"], 100 * (cpu["out"] / cpu["count"] - 1), 100 * (wall["out"] / wall["count"] - 1)}' "$OUT"
