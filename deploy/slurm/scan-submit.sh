#!/usr/bin/env bash
# Submits a scan over a range of groups (edgrid scan --clues K --groups) as
# a Slurm job array (scan.sbatch, one task per chunk of groups, each
# resumable in its own directory), then scan-merge.sbatch with
# --dependency=afterok on it, which writes what one scan over the whole
# range prints to DIR/result.txt. See deploy/README.md and docs/guide/scan.md.
#
# Output: "scan JOBID groups A-B tasks N", then "merge JOBID". With --wait
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
  --clues K         the clues of the puzzles (required)
  --groups A-B      groups to scan (default 1-3541)
  --chunk N         groups per task (default 10)
  --flags "F..."    more edgrid scan flags: --first, --all, --minimal,
                    --cells MASK, --max-size N
  --count           the merged summary without the puzzles
  --json            the merged result as JSON (DIR/result.json)
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
  echo "scan-submit.sh: $*" >&2
  exit 2
}

groups="1-3541"
chunk=10
dir=""
clues=""
flags=""
count=0
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
    --clues) clues="${2:?--clues needs a number}"; shift 2 ;;
    --flags) flags="${2?--flags needs flags}"; shift 2 ;;
    --count) count=1; shift ;;
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
[[ "$clues" =~ ^[1-9][0-9]?$ ]] || die "--clues $clues: want the number of clues, as in --clues 17"
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

# The scan's settings travel in the environment (sbatch --export=ALL): the
# flags hold spaces.
export EDGRID_SCAN_DIR="$dir" EDGRID_BIN="$bin" EDGRID_SCAN_GROUPS="$first-$last" EDGRID_SCAN_CHUNK="$chunk"
export EDGRID_SCAN_CLUES="$clues" EDGRID_SCAN_FLAGS="$flags" EDGRID_CATALOG="$catalog"
export EDGRID_SCAN_JSON="$json" EDGRID_SCAN_COUNT="$count"
qid="$(sbatch --parsable --array="1-$tasks${throttle:+%$throttle}" --export=ALL \
  --output="$logs/edgrid-scan-%A_%a.out" "${extra[@]}" "$here/scan.sbatch")"
qid="${qid%%;*}"
echo "scan $qid groups $first-$last tasks $tasks"
mid="$(sbatch --parsable --dependency="afterok:$qid" --kill-on-invalid-dep=yes --export=ALL \
  --output="$logs/edgrid-scan-merge-%j.out" "${extra[@]}" "$here/scan-merge.sbatch")"
mid="${mid%%;*}"
echo "merge $mid"
echo "scan-submit.sh: result in $dir/result.$([[ $json == 1 ]] && echo json || echo txt), job output in $logs" >&2

((wait)) || exit 0

started=$SECONDS
while [[ -n "$(squeue -h -o %i -j "$qid,$mid" 2>/dev/null)" ]]; do
  if ((timeout > 0 && SECONDS - started > timeout)); then
    echo "scan-submit.sh: still running after ${timeout}s:" >&2
    squeue -j "$qid,$mid" >&2 || true
    exit 1
  fi
  sleep 2
done
bad=0
for id in "$qid" "$mid"; do
  if ! out="$(scontrol -o show job "$id" 2>&1)"; then
    echo "scan-submit.sh: job $id: $out" >&2
    bad=$((bad + 1))
    continue
  fi
  while read -r line; do
    state="$(grep -o 'JobState=[^ ]*' <<<"$line" || true)"
    code="$(grep -o ' ExitCode=[^ ]*' <<<"$line" || true)"
    if [[ "$state" != "JobState=COMPLETED" || "$code" != " ExitCode=0:0" ]]; then
      echo "scan-submit.sh: $(grep -o 'JobId=[^ ]*' <<<"$line" || true) $(grep -o 'ArrayTaskId=[^ ]*' <<<"$line" || true) $state$code" >&2
      bad=$((bad + 1))
    fi
  done <<<"$out"
done
if ((bad > 0)); then
  echo "scan-submit.sh: $bad job(s) or task(s) did not complete; see $logs" >&2
  exit 1
fi
echo "scan-submit.sh: all jobs completed; result in $dir" >&2
