#!/usr/bin/env bash
# make test-long: heavier co-simulation sweeps than the default test run (minutes,
# not seconds). Random origins and start cycles on many networks, cosim where the
# RTL is small enough, the SystemC model alone on the large ones; the damaged
# torus's collectives in cosim. Prints one line
# per run and "N passed, M failed".
set -uo pipefail
HC=${HC:-build/bin/hypercast}
pass=0
fail=0
run() {
  local out
  if out=$("$HC" simulate "$@" --json --quiet 2>&1) && grep -q '"verdict": "pass"' <<<"$out"; then
    pass=$((pass + 1))
    echo "PASS  $*"
  else
    fail=$((fail + 1))
    echo "FAIL  $*"
    echo "$out" | tail -20
  fi
}
nets=("7 1" "15 1" "15 7" "8 3" "11 3" "2,5 1,2" "6,4 3,2" "5,4,3 2,1,1" "2,2,2,2,2,2 1,1,1,1,1,1"
      "5,4 2,2" "7,4 2,1" "9,8,3 4,3,1" "8,6,5 3,2,1" "10,10,10 2,2,1")
seed=1
for net in "${nets[@]}"; do
  set -- $net
  for pref in cw ccw; do
    run --m "$1" --rho "$2" --preference "$pref" --engine cosim --random 2000 --window 400 --seed $seed
    run --m "$1" --rho "$2" --preference "$pref" --engine cosim --all-sources --buffer-depth 1
    seed=$((seed + 1))
  done
done
# The damaged 8x8 torus on schedule-ROM nodes, its trace re-checked: the broadcast
# and the multinode broadcast, given as --remove-links and as the example file.
for c in broadcast multinode-broadcast; do
  run --topology torus --n 2 --k 8 --remove-links "0-1;35-43" --collective "$c" --engine cosim
  run --topology graph --graph examples/torus8x8_two_faults.txt --collective "$c" --engine cosim
done
run --m 15,15,15 --rho 2,2,2 --engine systemc --random 5000 --window 200 --seed 9
run --m 16,16,16 --rho 1,1,1 --engine systemc --all-sources
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
