#!/usr/bin/env bash
# Submits a query over a range of groups as a Slurm job array
# (query.sbatch, one task per chunk of groups, each resumable in its own
# directory), then query-merge.sbatch with --dependency=afterok on it, which
# writes what one run over the whole range prints to DIR/result.txt. See
# deploy/README.md.
#
# Output: "query JOBID groups A-B tasks N", then "merge JOBID". With --wait
# it then waits for both and exits 0 only when every task and the merge
# completed.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

usage() {
  cat <<USAGE
Usage: $0 --dir DIR [options] [-- extra sbatch options]

  --dir DIR         where the tasks' directories and the result go, on a file
                    system all nodes share; created if missing
  --groups A-B      groups to query (default 1-3541)
  --chunk N         groups per task (default 100)
  --inv LIST        edgrid query --inv
  --where EXPR      edgrid query --where
  --flags "F..."    more edgrid query flags: --stats, --number, --order O
  --json            the merged statistics as JSON (DIR/result.json)
  --catalog DIR     read this catalog (on the shared file system) instead of
                    enumerating
  --bin PATH        edgrid binary as seen from the nodes (default: \$EDGRID_BIN,
                    else $repo/bin/edgrid)
  --logs DIR        where job output goes (default: \$EDGRID_LOG_DIR, else
                    ./slurm-logs)
  --throttle N      at most N tasks running at once (--array=...%N)
  --wait            wait for all jobs; exit 0 only if all completed
  --timeout S       with --wait: give up after S seconds (default: no limit)
  -h, --help        this text
USAGE
}

die() {
  echo "query-submit.sh: $*" >&2
  exit 2
}

groups="1-3541"
chunk=100
dir=""
inv=""
where=""
flags=""
json=0
catalog=""
bin="${EDGRID_BIN:-$repo/bin/edgrid}"
logs="${EDGRID_LOG_DIR:-$PWD/slurm-logs}"
throttle=""
wait=0
timeout=0
extra=()

while (($# > 0)); do
  case "$1" in
    --groups) groups="${2:?--groups needs A-B}"; shift 2 ;;
    --chunk) chunk="${2:?--chunk needs a number}"; shift 2 ;;
    --dir) dir="${2:?--dir needs a directory}"; shift 2 ;;
    --inv) inv="${2:?--inv needs a list}"; shift 2 ;;
    --where) where="${2:?--where needs an expression}"; shift 2 ;;
    --flags) flags="${2?--flags needs flags}"; shift 2 ;;
    --json) json=1; shift ;;
    --catalog) catalog="${2:?--catalog needs a directory}"; shift 2 ;;
    --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
    --logs) logs="${2:?--logs needs a directory}"; shift 2 ;;
    --throttle) throttle="${2:?--throttle needs a number}"; shift 2 ;;
    --wait) wait=1; shift ;;
    --timeout) timeout="${2:?--timeout needs seconds}"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    *) usage >&2; die "unknown argument $1" ;;
  esac
done

[[ -n "$dir" ]] || die "give --dir DIR"
[[ "$groups" =~ ^[0-9]+$ ]] && groups="$groups-$groups"
[[ "$groups" =~ ^([0-9]+)-([0-9]+)$ ]] || die "--groups $groups: want A-B, as in 1-3541"
first=$((10#${BASH_REMATCH[1]}))
last=$((10#${BASH_REMATCH[2]}))
((1 <= first && first <= last && last <= 3541)) || die "--groups $groups: want 1 <= A <= B <= 3541"
[[ "$chunk" =~ ^[1-9][0-9]*$ ]] || die "--chunk $chunk: want a positive number"
[[ -z "$throttle" || "$throttle" =~ ^[1-9][0-9]*$ ]] || die "--throttle $throttle: want a positive number"
[[ "$timeout" =~ ^[0-9]+$ ]] || die "--timeout $timeout: want seconds"
command -v sbatch >/dev/null || die "sbatch not found: run this on a Slurm submit host"

tasks=$(((last - first) / chunk + 1))
mkdir -p "$dir" "$logs"
dir="$(cd "$dir" && pwd)"
logs="$(cd "$logs" && pwd)"
[[ "$bin" == /* ]] || bin="$PWD/$bin"
[[ -x "$bin" ]] || die "$bin is not an executable (build it with make build, or give --bin)"

# The query's settings travel in the environment (sbatch --export=ALL): an
# expression may hold spaces, and --inv's list holds commas.
export EDGRID_QUERY_DIR="$dir" EDGRID_BIN="$bin" EDGRID_QUERY_GROUPS="$first-$last" EDGRID_QUERY_CHUNK="$chunk"
export EDGRID_QUERY_INV="$inv" EDGRID_QUERY_WHERE="$where" EDGRID_QUERY_FLAGS="$flags" EDGRID_CATALOG="$catalog"
export EDGRID_QUERY_JSON="$json"
qid="$(sbatch --parsable --array="1-$tasks${throttle:+%$throttle}" --export=ALL \
  --output="$logs/edgrid-query-%A_%a.out" "${extra[@]}" "$here/query.sbatch")"
qid="${qid%%;*}"
echo "query $qid groups $first-$last tasks $tasks"
mid="$(sbatch --parsable --dependency="afterok:$qid" --kill-on-invalid-dep=yes --export=ALL \
  --output="$logs/edgrid-query-merge-%j.out" "${extra[@]}" "$here/query-merge.sbatch")"
mid="${mid%%;*}"
echo "merge $mid"
echo "query-submit.sh: result in $dir/result.$([[ $json == 1 ]] && echo json || echo txt), job output in $logs" >&2

((wait)) || exit 0

started=$SECONDS
while [[ -n "$(squeue -h -o %i -j "$qid,$mid" 2>/dev/null)" ]]; do
  if ((timeout > 0 && SECONDS - started > timeout)); then
    echo "query-submit.sh: still running after ${timeout}s:" >&2
    squeue -j "$qid,$mid" >&2 || true
    exit 1
  fi
  sleep 2
done
bad=0
for id in "$qid" "$mid"; do
  if ! out="$(scontrol -o show job "$id" 2>&1)"; then
    echo "query-submit.sh: job $id: $out" >&2
    bad=$((bad + 1))
    continue
  fi
  while read -r line; do
    state="$(grep -o 'JobState=[^ ]*' <<<"$line" || true)"
    code="$(grep -o ' ExitCode=[^ ]*' <<<"$line" || true)"
    if [[ "$state" != "JobState=COMPLETED" || "$code" != " ExitCode=0:0" ]]; then
      echo "query-submit.sh: $(grep -o 'JobId=[^ ]*' <<<"$line" || true) $(grep -o 'ArrayTaskId=[^ ]*' <<<"$line" || true) $state$code" >&2
      bad=$((bad + 1))
    fi
  done <<<"$out"
done
if ((bad > 0)); then
  echo "query-submit.sh: $bad job(s) or task(s) did not complete; see $logs" >&2
  exit 1
fi
echo "query-submit.sh: all jobs completed; result in $dir" >&2
