#!/usr/bin/env bash
# bash scripts/fuzz.sh [SECONDS] [TARGET...]   (make fuzz [FUZZ_SECONDS=N])
# Builds the libFuzzer targets with clang (AddressSanitizer and
# UndefinedBehaviorSanitizer on every library they use) in build-fuzz/, then runs
# each for SECONDS (default 180): fuzz_args (the command line of every command),
# fuzz_job_file (the harnesses' job file, every kind), fuzz_regress_plan (the
# YAML regression plan). An exception other than hypercast::Error (what
# hypercast reports as an internal error) aborts: a finding. Each starts from the
# seeds in fuzz/corpus/<name>/ and keeps what it learns in
# build-fuzz/corpus/<name>/; a finding is written to build-fuzz/findings/ and
# ends the script with a non-zero status. Not part of `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-180}
shift || true
TARGETS=("$@")
[ ${#TARGETS[@]} -gt 0 ] || TARGETS=(fuzz_args fuzz_job_file fuzz_regress_plan)
BUILD=${FUZZ_BUILD:-build-fuzz}
JOBS=${JOBS:-1}

# clang and its libFuzzer runtime (Debian 12: clang 14, libclang-rt-14-dev).
bash scripts/install_deps.sh cmake make clang libclang-rt-14-dev libcli11-dev nlohmann-json3-dev \
  verilator
cmake -S . -B "$BUILD" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DHYPERCAST_FUZZ=ON >/dev/null
cmake --build "$BUILD" -j "$JOBS" --target "${TARGETS[@]}"

mkdir -p "$BUILD/findings"
status=0
for t in "${TARGETS[@]}"; do
  name=${t#fuzz_}
  corpus="$BUILD/corpus/$name"
  mkdir -p "$corpus"
  echo "== $t: $SECONDS_EACH s (corpus $corpus, seeds fuzz/corpus/$name)"
  # New inputs go to the first folder only: the checked-in seeds stay as they are.
  if ! "$BUILD/bin/$t" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
      -print_final_stats=1 -artifact_prefix="$BUILD/findings/$name-" \
      "$corpus" "fuzz/corpus/$name" 2>"$BUILD/$t.log"; then
    status=1
    echo "$t: FINDING (see $BUILD/$t.log and $BUILD/findings/)"
    grep -E "^(==[0-9]+==ERROR|SUMMARY|.*runtime error)" "$BUILD/$t.log" | head -5 || true
  fi
  grep -E "^(stat::number_of_executed_units|stat::new_units_added)|^#[0-9]+ +DONE" \
    "$BUILD/$t.log" || true
done
exit $status
