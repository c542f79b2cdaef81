#!/usr/bin/env bash
# The real-venue scale figures (issue 12): each step of the pipeline on a venue, with its wall
# time, CPU time and peak memory (`--verbose`), and the radio map's size. Release build.
# usage: Benchmarks/scale.sh [VENUE]   (from the repository root; default: convention)
# VENUE names Surveys/VENUE, Surveys/VENUE.world.yaml and Benchmarks/Scenarios/VENUE-ten-minutes.yaml.
set -euo pipefail
venue=${1:-convention}
bin=.build/release/fingerpost
out=.build/scale
mkdir -p "$out"
[ -x "$bin" ] || swift build -c release --product fingerpost >/dev/null
step() {
  local name=$1
  shift
  local report
  report=$("$@" --verbose 2>&1 >/dev/null | grep -E '^(fingerpost |pf: )')
  printf '%-28s %s\n' "$name" "$(grep '^fingerpost ' <<< "$report" | sed 's/^[^:]*: //')"
  grep '^pf: ' <<< "$report" | sed 's/^/  /' || true
}
echo "venue: $venue ($(nproc) cores)"
step "survey simulate (2 m)" "$bin" survey simulate --world "Surveys/$venue.world.yaml" \
  -o "$out/$venue.survey.ndjson"
echo "  $(wc -l < "$out/$venue.survey.ndjson") lines, $(du -m "$out/$venue.survey.ndjson" | cut -f1) MB"
step "ingest (1 m grid)" "$bin" ingest "$out/$venue.survey.ndjson" --venue "Surveys/$venue" \
  -o "$out/$venue.fpmap"
echo "  radio map: $(du -m "$out/$venue.fpmap" | cut -f1) MB"
step "radiomap info (load)" "$bin" radiomap info "$out/$venue.fpmap"
step "simulate the walk" "$bin" simulate "Benchmarks/Scenarios/$venue-ten-minutes.yaml" \
  -o "$out/$venue.walk.ndjson"
echo "  $(grep -c '"type":"scan"' "$out/$venue.walk.ndjson") scans, $(grep -c '"type":"step"' "$out/$venue.walk.ndjson") steps"
step "replay, 2,000 particles" "$bin" replay "$out/$venue.walk.ndjson" --venue "Surveys/$venue" \
  --radio-map "$out/$venue.fpmap" --known-start --particle-count 2000
