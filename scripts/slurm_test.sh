#!/usr/bin/env bash
# bash scripts/slurm_test.sh [BUILD]          (make test-slurm; .ci/run runs it)
# bash scripts/slurm_test.sh BUILD --bench DIR (hc-bench regress: submits the
#   regression planned in DIR instead and prints "slurm wall: SECONDS")
# `hypercast regress slurm --submit` on a real SLURM: installs Debian's slurm-wlm
# and munge, starts munged (unless one already answers), slurmctld and slurmd
# for one node on this machine from a generated slurm.conf, submits
# tests/regress/slurm.yaml (the build stage, then the job array), waits for
# both, checks the merged report (every job done, the fault job the only
# failure) and stops the daemons it started, by their pids.
# Skips, saying why, only where the daemons cannot start (not root, no apt-get,
# the packages cannot be installed); with SLURM_TEST_REQUIRED=1 (.ci/run) such
# a skip is a failure.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${1:-build}
BENCH=""
[ "${2:-}" = "--bench" ] && BENCH=${3:?--bench needs the planned regression folder}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
HC=$BUILD/bin/hypercast
export HYPERCAST_CACHE=${HYPERCAST_CACHE:-$BUILD/hc-cache}
TIMEOUT=${SLURM_TEST_TIMEOUT:-600}
say() { echo "slurm test: $*"; }
skip() {
  if [ "${SLURM_TEST_REQUIRED:-0}" = 1 ]; then
    say "FAILED: $* (SLURM_TEST_REQUIRED=1)"
    exit 1
  fi
  say "SKIPPED: $*"
  exit 0
}

[ -x "$HC" ] || { say "no $HC (build first)"; exit 1; }
[ "$(id -u)" -eq 0 ] || skip "needs root (to install slurm-wlm and munge and start their daemons)"
if ! dpkg -s slurm-wlm munge >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || skip "apt-get is not available to install slurm-wlm and munge"
  say "installing slurm-wlm and munge"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends slurm-wlm munge; } \
    >/dev/null 2>&1 || skip "apt-get could not install slurm-wlm and munge"
fi

WORK=$(mktemp -d /tmp/hc-slurm-XXXXXX)
STARTED=()  # pid files of the daemons started here
MUNGE_PID=""
cleanup() {
  local status=$? pids=()
  for f in "${STARTED[@]}"; do
    [ -s "$f" ] && pids+=("$(cat "$f")")
  done
  [ -n "$MUNGE_PID" ] && pids+=("$MUNGE_PID")
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  # Gone before we return, so that the next run starts on a quiet machine.
  for _ in $(seq 100); do
    local alive=0
    for p in "${pids[@]}"; do kill -0 "$p" 2>/dev/null && alive=1; done
    [ $alive -eq 0 ] && break
    sleep 0.1
  done
  if [ $status -eq 0 ]; then rm -rf "$WORK"; else say "kept $WORK (logs)"; fi
}
trap cleanup EXIT

# munge: the credentials slurmctld and slurmd check.
if munge -n 2>/dev/null | unmunge >/dev/null 2>&1; then
  say "using the munged already running"
else
  mkdir -p /etc/munge /run/munge /var/lib/munge /var/log/munge
  if [ ! -s /etc/munge/munge.key ]; then
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1024 count=1 status=none
  fi
  chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge
  chmod 400 /etc/munge/munge.key
  runuser -u munge -- /usr/sbin/munged --force || skip "munged does not start"
  for _ in $(seq 50); do [ -s /run/munge/munged.pid ] && break; sleep 0.1; done
  MUNGE_PID=$(cat /run/munge/munged.pid 2>/dev/null || true)
  munge -n | unmunge >/dev/null 2>&1 || skip "munged started but does not answer"
fi

# One node, this machine; ports of its own so that it meets no other cluster.
HOST=$(hostname -s)
MEM=$(free -m | awk '/^Mem:/ { print int($2 * 0.8) }')
PORT=$((20000 + ($$ % 5000) * 2))
cat >"$WORK/slurm.conf" <<CONF
ClusterName=hctest
SlurmctldHost=$HOST
SlurmctldPort=$PORT
SlurmdPort=$((PORT + 1))
SlurmUser=root
AuthType=auth/munge
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/slurmctld.log
SlurmdLogFile=$WORK/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
NodeName=$HOST CPUs=$(nproc) RealMemory=$MEM
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
mkdir -p "$WORK/state" "$WORK/spool"
export SLURM_CONF=$WORK/slurm.conf
STARTED+=("$WORK/slurmctld.pid")
slurmctld -f "$SLURM_CONF" || skip "slurmctld does not start (see $WORK/slurmctld.log)"
STARTED+=("$WORK/slurmd.pid")
slurmd -f "$SLURM_CONF" || skip "slurmd does not start (see $WORK/slurmd.log)"
for _ in $(seq 60); do
  sinfo -h -o %T 2>/dev/null | grep -qx idle && break
  sleep 0.5
done
sinfo -h -o %T | grep -qx idle || skip "the node does not come up idle (see $WORK/slurmd.log)"
say "one-node cluster up ($HOST, port $PORT)"

T0=$(date +%s.%N)
elapsed() { python3 -c "import sys, time; print(f'{time.time() - float(sys.argv[1]):.1f}')" "$T0"; }
REG=$WORK/reg
if [ -n "$BENCH" ]; then
  REG=$BENCH
else
  "$HC" regress plan tests/regress/slurm.yaml --out "$REG"
fi
"$HC" regress slurm "$REG" --partition debug --time 30 --array-limit 2 --submit
IDS=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1])); print(",".join(x for x in (j["build"], j["array"]) if x))' "$REG/slurm/submitted.json")
say "waiting for jobs $IDS"
while [ -n "$(squeue -h -j "$IDS" 2>/dev/null)" ]; do
  if squeue -h -j "$IDS" -o %r 2>/dev/null | grep -q DependencyNeverSatisfied; then
    cat "$REG"/slurm/logs/build-* >&2 || true
    say "FAILED: the build stage failed, the array never runs"
    exit 1
  fi
  if [ "$(elapsed | cut -d. -f1)" -gt "$TIMEOUT" ]; then
    squeue -j "$IDS" || true
    say "FAILED: the jobs did not end within $TIMEOUT s"
    exit 1
  fi
  sleep 1
done
WALL=$(elapsed)
if [ -n "$BENCH" ]; then
  "$HC" regress report "$REG" >/dev/null || { say "FAILED: the regression did not pass"; exit 1; }
  echo "slurm wall: $WALL"
  exit 0
fi

set +e
"$HC" regress report "$WORK/reg" >"$WORK/report.txt"
CODE=$?
set -e
python3 - "$WORK/reg/report.json" "$WORK/reg/junit.xml" <<'PY' || { cat "$WORK"/reg/slurm/logs/* >&2; exit 1; }
import json, sys
r = json.load(open(sys.argv[1]))
junit = open(sys.argv[2]).read()
want = {"total": 8, "passed": 7, "failed": 1, "errors": 0, "missing": 0}
got = {k: r[k] for k in want}
bad = [j for j in r["jobs"] if j["status"] == "fail"]
assert got == want, f"report {got}, want {want}"
assert [j["id"] for j in bad] == ["g33.fault.systemc"], bad
assert bad[0]["message"].startswith("checker: "), bad[0]
assert junit.count("<testcase ") == 8 and junit.count("<failure ") == 1, "junit.xml"
PY
[ "$CODE" -eq 1 ] || { say "FAILED: report exited $CODE, want 1 (one job must fail)"; exit 1; }
say "PASSED: 8 jobs through SLURM (build stage, then the array) in $WALL s; report as expected"
