#!/usr/bin/env bash
# End-to-end test of deploy/slurm on this machine, as root on Debian: installs
# Slurm and MUNGE if missing, starts a one-node cluster (slurmctld and slurmd,
# no systemd, no accounting, no cgroups; config and state under $state),
# enumerates a few small groups through deploy/slurm/submit.sh, checks that
# the dependent verify job succeeded and that the group files are
# byte-identical to a local run, runs query arrays over that catalog
# (deploy/slurm/query-submit.sh) whose merged results must equal a local
# edgrid query's, and a scan array (deploy/slurm/scan-submit.sh) whose merge
# must equal a local edgrid scan's, then checks that a failing task cancels the verify job
# instead of leaving it pending. Stops the daemons it started on
# exit; a second run first stops whatever a previous run left behind.
#
#   .ci/slurm-test.sh                 # groups 3535-3541, 300 s timeout per wait
#   EDGRID_SLURM_TEST_GROUPS=3520-3541 EDGRID_SLURM_TEST_TIMEOUT=600 .ci/slurm-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

range="${EDGRID_SLURM_TEST_GROUPS:-3535-3541}"
timeout="${EDGRID_SLURM_TEST_TIMEOUT:-300}"
state=/var/tmp/edgrid-slurm-test # fixed, so that a later run finds this one's daemons
conf="$state/slurm.conf"
export SLURM_CONF="$conf" # clients and daemons: never touch /etc/slurm
work=""
started_munged=0
t0=$SECONDS

say() { echo "slurm-test: [$((SECONDS - t0))s] $*"; }
die() {
  echo "slurm-test: FAIL: $*" >&2
  exit 1
}

[[ "$(id -u)" == 0 ]] || die "run as root (it installs packages and starts daemons)"
[[ "$range" =~ ^([0-9]+)-([0-9]+)$ ]] || die "EDGRID_SLURM_TEST_GROUPS=$range: want A-B"
first=$((10#${BASH_REMATCH[1]}))
last=$((10#${BASH_REMATCH[2]}))

# stop_pidfile FILE NAME: stops the process in FILE if it is still NAME.
stop_pidfile() {
  local file="$1" name="$2" pid i
  [[ -f "$file" ]] || return 0
  pid="$(cat "$file" 2>/dev/null || true)"
  # A stale file (the process is gone, or the number is now another's) is
  # only removed; the daemon removes its own file as it stops.
  if [[ "$pid" =~ ^[0-9]+$ && "$(cat "/proc/$pid/comm" 2>/dev/null || true)" == "$name" ]]; then
    kill "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "slurm-test: $name ($pid) did not stop; killing it" >&2
      kill -9 "$pid" 2>/dev/null || true
    fi
  fi
  rm -f "$file"
}

stop_slurm() {
  stop_pidfile "$state/slurmd.pid" slurmd
  stop_pidfile "$state/slurmctld.pid" slurmctld
}

dump_logs() {
  local f
  for f in "$state/slurmctld.log" "$state/slurmd.log" /var/log/munge/munged.log; do
    [[ -f "$f" ]] || continue
    echo "===== $f (last 60 lines)" >&2
    tail -n 60 "$f" >&2 || true
  done
  if [[ -n "$work" && -d "$work/logs" ]]; then
    for f in "$work"/logs/*; do
      [[ -f "$f" ]] || continue
      echo "===== $f" >&2
      cat "$f" >&2 || true
    done
  fi
}

cleanup() {
  local rc=$?
  set +e
  if ((rc != 0)); then
    echo "slurm-test: failed (exit $rc); logs follow" >&2
    dump_logs
    # Jobs still queued (a timeout): cancel them before the daemons go.
    local ids=()
    [[ -n "$work" ]] && mapfile -t ids < <(cat "$work"/submit.out "$work"/fail.out "$work"/query-*.out "$work"/scan.out 2>/dev/null | awk '{print $2}')
    ((${#ids[@]} == 0)) || scancel "${ids[@]}" 2>/dev/null
  fi
  stop_slurm
  if ((started_munged)); then
    munged --stop >/dev/null 2>&1 || stop_pidfile /run/munge/munged.pid munged
  fi
  if ((rc == 0)) && [[ -n "$work" ]]; then
    rm -rf "$work"
  elif [[ -n "$work" ]]; then
    echo "slurm-test: kept $work and $state for inspection" >&2
  fi
  say "done, exit $rc"
  exit "$rc"
}
trap cleanup EXIT

# --- packages -------------------------------------------------------------
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq slurm-wlm munge >/dev/null
fi
say "$(slurmctld -V)"

# --- munge ----------------------------------------------------------------
if [[ ! -s /etc/munge/munge.key ]]; then
  say "creating /etc/munge/munge.key"
  install -d -o munge -g munge -m 0700 /etc/munge
  if command -v mungekey >/dev/null; then
    mungekey --create --keyfile=/etc/munge/munge.key
  else
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  chown munge:munge /etc/munge/munge.key
  chmod 0400 /etc/munge/munge.key
fi
if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  say "munged already running"
else
  say "starting munged"
  install -d -o munge -g munge -m 0755 /run/munge
  install -d -o munge -g munge -m 0700 /var/log/munge /var/lib/munge
  runuser -u munge -- munged
  started_munged=1
  munge -n | unmunge >/dev/null || die "munge does not work"
fi

# --- a one-node cluster ---------------------------------------------------
stop_slurm # whatever an earlier run left
rm -rf "$state"
mkdir -p "$state/ctld" "$state/spool"
node="$(hostname -s)"
# slurmd -C prints this machine's NodeName=... CPUs=... RealMemory=... line.
nodeline="$(slurmd -C | head -n 1)"
[[ "$nodeline" == "NodeName=$node "* ]] || die "slurmd -C says '$nodeline', expected NodeName=$node"
cat >"$conf" <<CONF
# Written by .ci/slurm-test.sh: a throwaway one-node cluster.
ClusterName=edgridtest
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
SlurmctldPort=6817
SlurmdPort=6818
StateSaveLocation=$state/ctld
SlurmdSpoolDir=$state/spool
SlurmctldPidFile=$state/slurmctld.pid
SlurmdPidFile=$state/slurmd.pid
SlurmctldLogFile=$state/slurmctld.log
SlurmdLogFile=$state/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
ReturnToService=2
MailProg=/bin/true
MinJobAge=600
$nodeline State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
say "starting slurmctld and slurmd ($nodeline)"
slurmctld -c -i
slurmd
deadline=$((SECONDS + 60))
until [[ "$(sinfo -h -N -n "$node" -o %t 2>/dev/null || true)" == idle ]]; do
  ((SECONDS < deadline)) || die "node $node not idle after 60 s: $(sinfo -N 2>&1 || true)"
  sleep 1
done
say "node $node idle"

# --- build and run --------------------------------------------------------
make build >/dev/null
work="$(mktemp -d /var/tmp/edgrid-slurm-test-run.XXXXXX)"
say "submitting groups $range into $work/catalog (arrays of at most 4 tasks, to exercise the split)"
deploy/slurm/submit.sh --groups "$range" --dir "$work/catalog" --logs "$work/logs" \
  --bin "$repo/bin/edgrid" --max-array 5 --wait --timeout "$timeout" -- --cpus-per-task=1 --mem=256M |
  tee "$work/submit.out"
grep -q '^verify ' "$work/submit.out" || die "submit.sh printed no verify job"
narrays="$(grep -c '^enumerate ' "$work/submit.out")"
((narrays >= 2)) || die "expected the range split into several arrays, got $narrays"
vid="$(awk '$1 == "verify" {print $2}' "$work/submit.out")"
vlog="$work/logs/edgrid-verify-$vid.out"
grep -q '^ok: ' "$vlog" || die "verify job $vid did not print ok: $(cat "$vlog")"
say "verify job $vid: $(grep '^ok: ' "$vlog")"

# --- the same groups locally, byte for byte ----------------------------------
if bin/edgrid run -h >/dev/null 2>&1; then
  say "local reference: edgrid run --groups $range"
  bin/edgrid run --catalog "$work/local" --groups "$range" >/dev/null
else
  say "local reference: edgrid enumerate --groups $range"
  bin/edgrid enumerate --groups "$range" --catalog "$work/local"
fi
n=0
for ((g = first; g <= last; g++)); do
  f="$(printf 'group-%04d.edg' "$g")"
  [[ -f "$work/catalog/$f" ]] || die "Slurm run has no $f"
  [[ -f "$work/local/$f" ]] || die "local run has no $f"
  cmp "$work/catalog/$f" "$work/local/$f" || die "$f differs between Slurm and the local run"
  n=$((n + 1))
done
extra="$(comm -3 <(cd "$work/catalog" && ls group-*.edg) <(cd "$work/local" && ls group-*.edg))"
[[ -z "$extra" ]] || die "group files in one run only: $extra"
say "$n group files identical to the local run"

# --- a query array over the catalog, merged, against a local query -----------
# Chunks of 3 groups, so that the range makes several tasks; a statistics
# query as JSON and a --where query printing numbered grids.
for q in stats where; do
  qargs=(--json)
  largs=(--json)
  if [[ "$q" == where ]]; then
    qargs=(--where "intercalates > 16 || autos > 4" --flags "--number --order groups")
    largs=(--where "intercalates > 16 || autos > 4" --number --order groups)
  fi
  say "query ($q): array over groups $range of the Slurm catalog, by chunks of 3"
  deploy/slurm/query-submit.sh --groups "$range" --chunk 3 --dir "$work/query-$q" --logs "$work/logs" \
    --bin "$repo/bin/edgrid" --catalog "$work/catalog" "${qargs[@]}" --wait --timeout "$timeout" \
    -- --cpus-per-task=1 --mem=256M | tee "$work/query-$q.out"
  ntasks="$(awk '$1 == "query" {print $NF}' "$work/query-$q.out")"
  ((ntasks >= 2)) || die "query ($q): expected several tasks, got $ntasks"
  result="$work/query-$q/result.txt"
  [[ "$q" == stats ]] && result="$work/query-$q/result.json"
  [[ -s "$result" ]] || die "query ($q): no merged result $result"
  bin/edgrid query --groups "$range" "${largs[@]}" >"$work/query-$q.local"
  cmp "$result" "$work/query-$q.local" || die "query ($q): the merged Slurm result differs from a local run (enumerating)"
  say "query ($q): $ntasks tasks merged, identical to the local run ($(wc -l <"$result") lines)"
done

# --- a scan array over the catalog, merged, against a local scan ------------
# The first 25-clue puzzle of every grid (cheap, and each grid has one), by
# chunks of 3 groups.
say "scan: array over groups $range of the Slurm catalog, by chunks of 3"
deploy/slurm/scan-submit.sh --groups "$range" --chunk 3 --dir "$work/scan" --logs "$work/logs" \
  --bin "$repo/bin/edgrid" --catalog "$work/catalog" --clues 25 --flags "--all --first" --wait --timeout "$timeout" \
  -- --cpus-per-task=1 --mem=256M | tee "$work/scan.out"
ntasks="$(awk '$1 == "scan" {print $NF}' "$work/scan.out")"
((ntasks >= 2)) || die "scan: expected several tasks, got $ntasks"
[[ -s "$work/scan/result.txt" ]] || die "scan: no merged result"
bin/edgrid scan --clues 25 --all --first --groups "$range" --out "$work/scan-local" >"$work/scan.local"
cmp "$work/scan/result.txt" "$work/scan.local" || die "scan: the merged Slurm result differs from a local run (enumerating)"
say "scan: $ntasks tasks merged, identical to the local run ($(grep -vc '^#' "$work/scan.local") puzzles)"

# --- a failing task cancels the verify job ----------------------------------
say "failure path: a task that exits 1 must cancel the verify job"
if deploy/slurm/submit.sh --groups "$last" --dir "$work/fail" --logs "$work/logs" \
  --bin /bin/false --wait --timeout "$timeout" -- --cpus-per-task=1 --mem=256M >"$work/fail.out" 2>"$work/fail.err"; then
  die "submit.sh --wait succeeded with a failing task"
fi
fvid="$(awk '$1 == "verify" {print $2}' "$work/fail.out")"
fstate="$(scontrol -o show job "$fvid" | grep -o 'JobState=[^ ]*')"
[[ "$fstate" == JobState=CANCELLED ]] || die "verify job $fvid after a failed task: $fstate, want CANCELLED"
say "failed task reported, verify job $fvid $fstate"

say "PASS: Slurm arrays + verify job, $n groups byte-identical, query arrays merged as one run ($((SECONDS - t0)) s)"
