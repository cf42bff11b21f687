#!/usr/bin/env bash
# Submits the enumeration of a range of groups as Slurm job arrays (one task
# per group, enumerate.sbatch), then verify.sbatch with
# --dependency=afterok on all of them. See deploy/README.md.
#
# Slurm refuses array indices >= MaxArraySize (default 1001, so at most index
# 1000). The groups are therefore cut into windows of MaxArraySize-1 groups:
# window k holds groups k*W+1 .. (k+1)*W and is one array whose index is the
# group minus k*W (EDGRID_GROUP_OFFSET=k*W). With the default, 1-3541 gives
# four arrays: groups 1-1000, 1001-2000, 2001-3000 (--array=1-1000) and
# 3001-3541 (--array=1-541); a range that fits under MaxArraySize is one array
# whose index is the group number itself.
#
# Output, one line per job: "enumerate JOBID GROUPS A-B" for each array, then
# "verify JOBID". With --wait it then waits for them and exits 0 only when
# every job completed successfully.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

usage() {
  cat <<USAGE
Usage: $0 [options] [-- extra sbatch options]

  --groups A-B      groups to enumerate (default 1-3541)
  --dir DIR         catalog directory, on a file system all nodes share; created
                    if missing (default: \$EDGRID_DIR, else ./catalog)
  --bin PATH        edgrid binary as seen from the nodes (default: \$EDGRID_BIN,
                    else $repo/bin/edgrid)
  --logs DIR        where job output goes (default: \$EDGRID_LOG_DIR, else
                    ./slurm-logs)
  --throttle N      at most N tasks of each array running at once (--array=...%N)
  --no-verify       submit no verify job (re-running a few groups of a larger
                    catalog; verify it afterwards)
  --verify-cpus N   cores of the verify job (default: verify.sbatch's, 8)
  --max-array N     the cluster's MaxArraySize (default: read with scontrol,
                    else 1001)
  --wait            wait for all jobs; exit 0 only if all completed
  --timeout S       with --wait: give up after S seconds (default: no limit)
  -h, --help        this text

Options after -- go to every sbatch call (e.g. -- --partition=short --cpus-per-task=4);
--verify-cpus then sets the verify job's cores alone.
USAGE
}

die() {
  echo "submit.sh: $*" >&2
  exit 2
}

groups="1-3541"
dir="${EDGRID_DIR:-$PWD/catalog}"
bin="${EDGRID_BIN:-$repo/bin/edgrid}"
logs="${EDGRID_LOG_DIR:-$PWD/slurm-logs}"
throttle=""
verify_cpus=""
max_array=""
wait=0
verify=1
timeout=0
extra=()

while (($# > 0)); do
  case "$1" in
    --groups) groups="${2:?--groups needs A-B}"; shift 2 ;;
    --dir) dir="${2:?--dir needs a directory}"; shift 2 ;;
    --bin) bin="${2:?--bin needs a path}"; shift 2 ;;
    --logs) logs="${2:?--logs needs a directory}"; shift 2 ;;
    --throttle) throttle="${2:?--throttle needs a number}"; shift 2 ;;
    --verify-cpus) verify_cpus="${2:?--verify-cpus needs a number}"; shift 2 ;;
    --max-array) max_array="${2:?--max-array needs a number}"; shift 2 ;;
    --wait) wait=1; shift ;;
    --no-verify) verify=0; shift ;;
    --timeout) timeout="${2:?--timeout needs seconds}"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    --) shift; extra=("$@"); break ;;
    *) usage >&2; die "unknown argument $1" ;;
  esac
done

[[ "$groups" =~ ^[0-9]+$ ]] && groups="$groups-$groups"
[[ "$groups" =~ ^([0-9]+)-([0-9]+)$ ]] || die "--groups $groups: want A-B, as in 1-3541"
first=$((10#${BASH_REMATCH[1]}))
last=$((10#${BASH_REMATCH[2]}))
((1 <= first && first <= last && last <= 3541)) || die "--groups $groups: want 1 <= A <= B <= 3541"
[[ -z "$throttle" || "$throttle" =~ ^[1-9][0-9]*$ ]] || die "--throttle $throttle: want a positive number"
[[ -z "$verify_cpus" || "$verify_cpus" =~ ^[1-9][0-9]*$ ]] || die "--verify-cpus $verify_cpus: want a positive number"
[[ "$timeout" =~ ^[0-9]+$ ]] || die "--timeout $timeout: want seconds"
for v in "$dir" "$bin" "$logs"; do
  [[ "$v" != *,* ]] || die "$v: paths with commas cannot pass through sbatch --export"
done

command -v sbatch >/dev/null || die "sbatch not found: run this on a Slurm submit host"

if [[ -z "$max_array" ]]; then
  max_array="$(scontrol show config 2>/dev/null | awk '$1 == "MaxArraySize" {print $3}')"
  max_array="${max_array:-1001}"
fi
if ! [[ "$max_array" =~ ^[0-9]+$ ]] || ((max_array < 2)); then
  die "MaxArraySize $max_array: want a number >= 2"
fi
window=$((max_array - 1)) # the largest array index Slurm accepts

# Absolute paths: the jobs may start in another directory.
mkdir -p "$dir" "$logs"
dir="$(cd "$dir" && pwd)"
logs="$(cd "$logs" && pwd)"
[[ "$bin" == /* ]] || bin="$PWD/$bin"
[[ -x "$bin" ]] || die "$bin is not an executable (build it with make build, or give --bin)"

# Windows of groups, each one array.
arrays=()
if ((last <= window)); then
  arrays+=("0 $first $last")
else
  for ((start = ((first - 1) / window) * window; start < last; start += window)); do
    lo=$((start + 1 > first ? start + 1 : first))
    hi=$((start + window < last ? start + window : last))
    arrays+=("$start $lo $hi")
  done
fi

ids=()
for a in "${arrays[@]}"; do
  read -r offset lo hi <<<"$a"
  spec="$((lo - offset))-$((hi - offset))${throttle:+%$throttle}"
  id="$(sbatch --parsable --array="$spec" \
    --output="$logs/edgrid-enum-%A_%a.out" \
    --export="ALL,EDGRID_DIR=$dir,EDGRID_BIN=$bin,EDGRID_GROUP_OFFSET=$offset" \
    "${extra[@]}" "$here/enumerate.sbatch")"
  id="${id%%;*}"
  ids+=("$id")
  echo "enumerate $id groups $lo-$hi"
done

all=("${ids[@]}")
if ((verify)); then
  deps="$(IFS=:; echo "${ids[*]}")"
  verify_opts=()
  [[ -z "$verify_cpus" ]] || verify_opts+=("--cpus-per-task=$verify_cpus") # after extra: the last one wins
  vid="$(sbatch --parsable --dependency="afterok:$deps" --kill-on-invalid-dep=yes \
    --output="$logs/edgrid-verify-%j.out" \
    --export="ALL,EDGRID_DIR=$dir,EDGRID_BIN=$bin,EDGRID_GROUPS=$first-$last" \
    "${extra[@]}" "${verify_opts[@]}" "$here/verify.sbatch")"
  vid="${vid%%;*}"
  all+=("$vid")
  echo "verify $vid"
fi
echo "submit.sh: catalog $dir, job output in $logs" >&2

((wait)) || exit 0

# Wait until none of the jobs is pending or running, then read their states;
# finished jobs stay visible to scontrol for MinJobAge (default 300 s).
started=$SECONDS
while [[ -n "$(squeue -h -o %i -j "$(IFS=,; echo "${all[*]}")" 2>/dev/null)" ]]; do
  if ((timeout > 0 && SECONDS - started > timeout)); then
    echo "submit.sh: still running after ${timeout}s:" >&2
    squeue -j "$(IFS=,; echo "${all[*]}")" >&2 || true
    exit 1
  fi
  sleep 2
done
bad=0
for id in "${all[@]}"; do
  # One line per job or array task: JobId=... JobState=... ExitCode=a:b
  if ! out="$(scontrol -o show job "$id" 2>&1)"; then
    echo "submit.sh: job $id: $out" >&2
    bad=$((bad + 1))
    continue
  fi
  while read -r line; do
    job="$(grep -o 'JobId=[^ ]*' <<<"$line" || true)"
    task="$(grep -o 'ArrayTaskId=[^ ]*' <<<"$line" || true)"
    state="$(grep -o 'JobState=[^ ]*' <<<"$line" || true)"
    code="$(grep -o ' ExitCode=[^ ]*' <<<"$line" || true)"
    if [[ "$state" != "JobState=COMPLETED" || "$code" != " ExitCode=0:0" ]]; then
      echo "submit.sh: $job $task $state$code" >&2
      bad=$((bad + 1))
    fi
  done <<<"$out"
done
if ((bad > 0)); then
  echo "submit.sh: $bad job(s) or task(s) did not complete; see $logs" >&2
  exit 1
fi
echo "submit.sh: all jobs completed; output in $logs" >&2
