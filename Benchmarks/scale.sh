#!/usr/bin/env bash
# The real-venue scale figures (issue 12): each step of the pipeline on a venue, with its wall
# time, CPU time and peak memory (`--verbose`), and the radio map's size. Release build.
# usage: Benchmarks/scale.sh [NAME [VENUE_DIR WORLD_FILE]]   (from the repository root)
# NAME (default: convention) names Surveys/NAME and Surveys/NAME.world.yaml unless they are
# given, and the walk Benchmarks/Scenarios/NAME-ten-minutes.yaml (S0-ten-minutes.yaml for the
# office; skipped when there is none).
# `Benchmarks/scale.sh polymap` places a world at density 0.6 on ../shared/data/imdf-polymap.
set -euo pipefail
venue=${1:-convention}
venue_dir=${2:-Surveys/$venue}
world=${3:-Surveys/$venue.world.yaml}
walk=Benchmarks/Scenarios/$venue-ten-minutes.yaml
[ "$venue" = office ] && walk=Benchmarks/Scenarios/S0-ten-minutes.yaml
bin=.build/release/fingerpost
out=.build/scale
mkdir -p "$out"
if [ "$venue" = polymap ] && [ $# -lt 3 ]; then
  venue_dir=../shared/data/imdf-polymap
  world=$out/polymap.world.yaml
  printf 'version: 1\nvenue: ../../%s\nseed: 7\nplacement:\n  density: 0.6\n  bands: ["2.4", "5"]\n' \
    "$venue_dir" > "$world"
fi
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
step "survey simulate (2 m)" "$bin" survey simulate --world "$world" \
  -o "$out/$venue.survey.ndjson"
echo "  $(wc -l < "$out/$venue.survey.ndjson") lines, $(du -m "$out/$venue.survey.ndjson" | cut -f1) MB"
step "ingest (1 m grid)" "$bin" ingest "$out/$venue.survey.ndjson" --venue "$venue_dir" \
  -o "$out/$venue.fpmap"
echo "  radio map: $(du -m "$out/$venue.fpmap" | cut -f1) MB"
step "radiomap info (load)" "$bin" radiomap info "$out/$venue.fpmap"
[ -f "$walk" ] || exit 0
step "simulate the walk" "$bin" simulate "$walk" \
  -o "$out/$venue.walk.ndjson"
echo "  $(grep -c '"type":"scan"' "$out/$venue.walk.ndjson") scans, $(grep -c '"type":"step"' "$out/$venue.walk.ndjson") steps"
step "replay, 2,000 particles" "$bin" replay "$out/$venue.walk.ndjson" --venue "$venue_dir" \
  --radio-map "$out/$venue.fpmap" --known-start --particle-count 2000
