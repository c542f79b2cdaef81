#!/usr/bin/env bash
# Load on the fingerprint service (release build, 127.0.0.1 only, bounded in time): start
# `fingerpost serve` on a fresh data folder, upload a sample venue with its survey, build its map,
# then wrk POSTs /v1/geolocate over keep-alive connections, cycling through scans of a simulated
# test survey (different scans, different answers), and prints requests/s and latency
# percentiles. Then the start-up time with N venues stored: the server restarted, time to the
# first geolocate answer.
# VENUE `uji` serves UJIIndoorLoc from ../shared/data instead: its map uploaded as a map-only
# venue, wrk cycling through its 1,111 validation scans (no start-up part).
# Usage: Benchmarks/service-load.sh path/to/fingerpost [venue=mall|office|uji] [seconds=20] [connections=16]
set -euo pipefail
FINGERPOST=$(realpath "$1")
VENUE=${2:-mall}
SECONDS_=${3:-20}
CONNECTIONS=${4:-16}
cd "$(dirname "$0")/.."
command -v wrk > /dev/null || { echo "wrk is needed (apt-get install wrk)"; exit 1; }
WORK=$(mktemp -d /tmp/fingerpost-load.XXXXXX)
. Tests/EndToEnd/service-lib.sh
trap 'stop_service; rm -rf "$WORK"' EXIT

KEY=$("$FINGERPOST" keys add load --write '*' --data "$WORK/data")
start_service
if [ "$VENUE" = uji ]; then
  # UJIIndoorLoc: a map-only venue (its map uploaded, no IMDF), the 1,111 validation scans.
  UJI=../shared/data/ujiindoorloc
  [ -f "$UJI/trainingData.csv" ] || { echo "$UJI is absent"; exit 1; }
  "$FINGERPOST" survey import --format uji "$UJI/trainingData.csv" -o "$WORK/train.ndjson" > /dev/null
  "$FINGERPOST" survey import --format uji "$UJI/validationData.csv" -o "$WORK/test.ndjson" > /dev/null
  "$FINGERPOST" ingest "$WORK/train.ndjson" --grid 2 -o "$WORK/uji.fpmap" > /dev/null
  curl -sf -o /dev/null -X PUT --data-binary @"$WORK/uji.fpmap" \
    "$URL/fp/v1/venues/uji/radiomap?key=$KEY&name=UJIIndoorLoc"
else
  zip_folder "Surveys/$VENUE" "$WORK/venue.zip"
  curl -sf -o /dev/null -X PUT --data-binary @"$WORK/venue.zip" "$URL/fp/v1/venues/$VENUE?key=$KEY"
  curl -sf -o /dev/null --data-binary @"Surveys/$VENUE.survey.ndjson" "$URL/fp/v1/venues/$VENUE/surveys?key=$KEY"
  job=$(curl -sf -D - -o /dev/null -X POST "$URL/fp/v1/venues/$VENUE/radiomap:build?key=$KEY" \
    | tr -d '\r' | grep -i '^location:' | cut -d' ' -f2)
  wait_for_job "$job" "$KEY" > /dev/null
  # 300 scans at random points of the venue.
  "$FINGERPOST" survey simulate --world "Surveys/$VENUE.world.yaml" --random-points 300 --seed 7 \
    -o "$WORK/test.ndjson" 2> /dev/null
fi

# One geolocate body a test scan.
python3 - "$WORK/test.ndjson" "$WORK/bodies.txt" <<'PY'
import json, sys
with open(sys.argv[2], "w") as out:
    for line in open(sys.argv[1]):
        scan = json.loads(line)
        if scan.get("type") != "scan": continue
        aps = [{"macAddress": r[0], "signalStrength": int(r[1])} for r in scan["readings"]]
        out.write(json.dumps({"considerIp": False, "wifiAccessPoints": aps}) + "\n")
PY
cat > "$WORK/geolocate.lua" <<LUA
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local bodies = {}
for line in io.lines("$WORK/bodies.txt") do bodies[#bodies + 1] = line end
local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format(nil, "/v1/geolocate?key=$KEY", nil, bodies[i])
end
local errors = 0
response = function(status, headers, body)
  if status ~= 200 and status ~= 404 then errors = errors + 1 end
end
done = function(summary, latency, requests)
  io.write(string.format("non-2xx/404 answers: %d; errors: connect %d read %d write %d timeout %d\n",
    summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.timeout))
  for _, p in pairs({50, 90, 99, 99.9}) do
    io.write(string.format("latency p%g: %.2f ms\n", p, latency:percentile(p) / 1000))
  end
end
LUA
echo "venue $VENUE: $(wc -l < "$WORK/bodies.txt") scans, wrk 1 thread, $CONNECTIONS connections, ${SECONDS_} s"
curl -s -o /dev/null -d "$(head -1 "$WORK/bodies.txt")" "$URL/v1/geolocate?key=$KEY"
if [ -n "${PERF_OUT:-}" ]; then perf record -F 2000 -g -o "$PERF_OUT" -p "$SERVICE_PID" -- sleep "$SECONDS_" &> /dev/null & fi
wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_}s" --latency -s "$WORK/geolocate.lua" "$URL" | grep -v "^  [0-9]*%"

[ "$VENUE" = uji ] && exit 0

# Start-up with 10 venues stored (the same venue under 10 ids, each with its map).
for n in $(seq 2 10); do
  curl -sf -o /dev/null -X PUT --data-binary @"$WORK/venue.zip" "$URL/fp/v1/venues/$VENUE$n?key=$KEY"
  curl -sf -o /dev/null --data-binary @"Surveys/$VENUE.survey.ndjson" "$URL/fp/v1/venues/$VENUE$n/surveys?key=$KEY"
  job=$(curl -sf -D - -o /dev/null -X POST "$URL/fp/v1/venues/$VENUE$n/radiomap:build?key=$KEY" \
    | tr -d '\r' | grep -i '^location:' | cut -d' ' -f2)
  wait_for_job "$job" "$KEY" > /dev/null
done
stop_service
start=$(date +%s.%N)
"$FINGERPOST" serve --port "$PORT" --data "$WORK/data" 2> "$WORK/serve.log" &
SERVICE_PID=$!
body=$(head -1 "$WORK/bodies.txt")
until curl -sf -o /dev/null -d "$body" "$URL/v1/geolocate?key=$KEY"; do sleep 0.01; done
end=$(date +%s.%N)
echo "start-up with 10 venues and their maps stored: first geolocate answered after $(python3 -c "print(f'{$end - $start:.2f}')") s"
