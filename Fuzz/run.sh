#!/usr/bin/env bash
# Runs every fuzz harness for SECONDS (or RUNS executions) on seed corpora made from the
# repository's own files, prints executions and crashes per harness, and fails on any crash,
# timeout or out-of-memory. usage: Fuzz/run.sh SECONDS [RUNS]   (from the repository root)
# FUZZ_SEED (default 1) seeds libFuzzer's mutations, so a run can be repeated; FUZZ_ONLY names
# the harnesses to run; FUZZ_BIN and FUZZ_WORK move the binaries and the working folder; FINGERPOST
# names the fingerpost binary that makes the radio map seed (default .build/release/fingerpost).
# FUZZ_TIMEOUT (default 10 s) is how long one input may run before it counts as a hang: it is
# wall time, so a fuzzer at low priority beside builds wants more (a starved process is no hang).
set -uo pipefail
seconds=${1:-60}
runs=${2:-0}
bin=${FUZZ_BIN:-Fuzz/.build/release}
work=${FUZZ_WORK:-.build/fuzz}
harnesses=(FuzzJSON FuzzVenueFiles FuzzVenueZip FuzzSurvey FuzzUJI FuzzILC FuzzIPIN FuzzScenario FuzzWorld
  FuzzEventStream FuzzRadioMap FuzzGeolocate FuzzGeosubmit FuzzLocate FuzzSessionEvents FuzzSnapshot FuzzTracking)
[ -n "${FUZZ_ONLY:-}" ] && read -r -a harnesses <<< "$FUZZ_ONLY"
mkdir -p "$work/seeds" "$work/artifacts"
rm -rf "$work/seeds"/* "$work/artifacts"/*
# A small radio map for the map reader's seed: six survey lines ingested without a venue.
head -n 6 Surveys/office-8m.survey.ndjson > "$work/map-survey.ndjson"
"${FINGERPOST:-.build/release/fingerpost}" ingest "$work/map-survey.ndjson" --grid 4 -o "$work/small.fpmap" >/dev/null \
  || exit 1
python3 Fuzz/seeds.py . "$work/seeds" "$work/small.fpmap" || exit 1
# Swift's own crash backtracer would take libFuzzer's signal; Swift globals that live for the
# whole process are not leaks.
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 FUZZ_VENUE_ZIP="$work/seeds/office.zip"
# Harnesses run FUZZ_JOBS at a time (default: one per core; each is single-threaded), each
# printing its line when done, in the order above.
jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
printf '%-16s %12s %10s %8s  %s\n' harness executions "exec/s" crashes result
fuzz_one() {
  local h=$1 corpus="$work/corpus/$1" log="$work/$1.log"
  mkdir -p "$corpus" "$work/seeds/$h"
  local limits=(-max_total_time="$seconds")
  [ "$runs" != 0 ] && limits=(-runs="$runs")
  # A harness may write seeds of its own there (FuzzSnapshot: sessions' snapshots; FuzzTracking: the office walk's batches).
  FUZZ_SEEDS_DIR="$work/seeds/$h" "$bin/$h" "$corpus" "$work/seeds/$h" "${limits[@]}" -seed="${FUZZ_SEED:-1}" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -detect_leaks=0 \
    -max_len=16384 -print_final_stats=1 -artifact_prefix="$work/artifacts/$h-" > "$log" 2>&1
  local status=$?
  # A harness whose code has no coverage counters would only mutate blindly: refuse it.
  if ! grep -q "inline 8-bit counters" "$log"; then
    echo "$h: no coverage counters (build with the Makefile's FUZZ_FLAGS)" >&2
    status=3
  fi
  local executions speed crashes result=ok
  executions=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  speed=$(grep -oE 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -oE '[0-9]+$' | tail -1)
  crashes=$(ls "$work/artifacts" 2>/dev/null | grep -cE "^$h-(crash|timeout|oom|leak)-" || true)
  [ $status -ne 0 ] && result="FAILED (exit $status, see $log)"
  printf '%-16s %12s %10s %8s  %s\n' "$h" "${executions:-?}" "${speed:-?}" "$crashes" "$result" \
    > "$work/$h.line"
  return $status
}
pids=()
for i in "${!harnesses[@]}"; do
  # Wait for the oldest still running when all slots are taken.
  if [ "$i" -ge "$jobs" ]; then wait "${pids[$((i - jobs))]}"; fi
  rm -f "$work/${harnesses[$i]}.line"
  fuzz_one "${harnesses[$i]}" &
  pids+=($!)
done
failed=0
for i in "${!harnesses[@]}"; do
  wait "${pids[$i]}" 2>/dev/null
  if ! cat "$work/${harnesses[$i]}.line" 2>/dev/null; then
    printf '%-16s %12s %10s %8s  %s\n' "${harnesses[$i]}" ? ? ? "FAILED (no result)"
    failed=1
  elif grep -q FAILED "$work/${harnesses[$i]}.line"; then
    failed=1
  fi
done
exit $failed
