#!/usr/bin/env bash
# Times `edgrid scan` by the band method against gridchecker on the same
# grids, gridchecker pinned to core 0 and edgrid to core 1, both at once, so
# that the two share the machine's state. Prints one line a grid:
# <grid> <edgrid puzzles> <edgrid s> <gridchecker puzzles> <gridchecker s>,
# then the means, the slowest grid of each and the ratio of the means.
#
#   GRIDCHECKER=path/to/gridchecker EDGRID=bin/edgrid [PROTOCOL=grid|list] docs/bench/bands-bench.sh K GRIDS [METHOD]
#
# PROTOCOL=grid (the default) starts both programs once a grid, in step, and
# counts edgrid's whole process (start-up included) against gridchecker's
# own clock over its scan. PROTOCOL=list gives each program the whole list
# in one process and takes each one's own time a grid: gridchecker's clock
# and edgrid's --seconds. edgrid goes over the list again and again while
# gridchecker runs once (at least once), and its time a grid is the mean over
# those rounds, so that both are measured over the same span of the
# machine's state.
#
# gridchecker (github.com/dobrichev/gridchecker) is built outside the
# repository with its makefile (docs/benchmarks.md, "Scan").
set -euo pipefail
k=$1 grids=$2 method=${3:-bands}
edgrid=${EDGRID:-bin/edgrid}
gc=${GRIDCHECKER:?set GRIDCHECKER to the gridchecker binary}
protocol=${PROTOCOL:-grid}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# gcfields prints '<puzzles> <seconds>' of a gridchecker output line.
gcfields() { sed -E 's/.*puz=([0-9]+).*time ([0-9.]+) seconds.*/\1 \2/'; }

case $protocol in
grid)
	while read -r g; do
		[ -n "$g" ] || continue
		( echo "$g" | OMP_NUM_THREADS=1 taskset -c 0 "$gc" --scan --fastscan --numclues "$k" >"$tmp/gc" 2>&1 ) &
		gcpid=$!
		start=$(date +%s.%N)
		n=$(taskset -c 1 "$edgrid" scan --clues "$k" --count --workers 1 --method "$method" "$g" | awk '{print $2}')
		end=$(date +%s.%N)
		wait "$gcpid"
		read -r gcn gct < <(grep -m1 'puz=' "$tmp/gc" | gcfields)
		printf '%s %s %.3f %s %s\n' "$g" "$n" "$(echo "$end - $start" | bc)" "$gcn" "$gct"
	done <"$grids" >"$tmp/rows"
	;;
list)
	grep -v '^[[:space:]]*$' "$grids" >"$tmp/grids"
	( OMP_NUM_THREADS=1 taskset -c 0 "$gc" --scan --fastscan --numclues "$k" <"$tmp/grids" >"$tmp/gc" 2>&1 ) &
	gcpid=$!
	rounds=0
	while [ $rounds -eq 0 ] || kill -0 "$gcpid" 2>/dev/null; do
		taskset -c 1 "$edgrid" scan --clues "$k" --count --seconds --workers 1 --method "$method" <"$tmp/grids" >"$tmp/e$rounds"
		rounds=$((rounds + 1))
	done
	wait "$gcpid"
	grep 'puz=' "$tmp/gc" | gcfields >"$tmp/gcrows"
	if [ "$(wc -l <"$tmp/gcrows")" -ne "$(wc -l <"$tmp/grids")" ]; then
		echo "bands-bench: gridchecker answered $(wc -l <"$tmp/gcrows") of $(wc -l <"$tmp/grids") grids" >&2
		exit 1
	fi
	# The mean of edgrid's rounds, a grid a line: <grid> <puzzles> <s>.
	cat "$tmp"/e* | awk '{n[$1]=$2; s[$1]+=$3; r[$1]++; if (!($1 in at)) {at[$1]=++m; g[m]=$1}}
		END {for (i=1; i<=m; i++) printf "%s %s %.4f\n", g[i], n[g[i]], s[g[i]]/r[g[i]]}' >"$tmp/erows"
	paste -d' ' "$tmp/erows" "$tmp/gcrows" >"$tmp/rows"
	echo "# edgrid rounds over the list: $rounds"
	;;
*)
	echo "bands-bench: PROTOCOL=$protocol: want grid or list" >&2
	exit 2
	;;
esac
cat "$tmp/rows"
awk '{e+=$3; c+=$5; n++; if ($3>me) me=$3; if ($5>mc) mc=$5; if ($2!=$4) bad++}
	END {printf "# grids %d: edgrid mean %.3f s (slowest %.3f), gridchecker mean %.3f s (slowest %.3f), ratio %.4f, counts differ on %d\n", n, e/n, me, c/n, mc, e/c, bad}' "$tmp/rows"
