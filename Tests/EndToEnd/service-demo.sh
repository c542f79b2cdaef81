#!/usr/bin/env bash
# The fingerprint service end to end, as `make demo` shows it: start `fingerpost serve` on a
# fresh data folder, add a key, upload the sample office (IMDF zip), submit its survey, build
# its radio map, answer a Wi-Fi geolocation request and an indoor locate with curl, and stop.
# Every request and answer is printed. Fails on any unexpected answer.
# Usage: Tests/EndToEnd/service-demo.sh path/to/fingerpost [postgres://… (the store; default:
# SQLite in a temporary data folder)]
set -euo pipefail
FINGERPOST=$(realpath "$1")
DATABASE=${2:-}
cd "$(dirname "$0")/../.."
WORK=$(mktemp -d /tmp/fingerpost-service-demo.XXXXXX)
. Tests/EndToEnd/service-lib.sh
trap 'stop_service; rm -rf "$WORK"' EXIT

show() { printf '\n$ %s\n' "$*"; }

show "fingerpost keys add demo --key demo-key --write office --data DATA"
"$FINGERPOST" keys add demo --key demo-key --write office $(store_options)
start_service
show "fingerpost serve --port PORT --data DATA &"
cat "$WORK/serve.log"

zip_folder Surveys/office "$WORK/office.zip"
show "curl -s -X PUT --data-binary @office.zip \"\$URL/fp/v1/venues/office?key=demo-key\""
curl -sf -X PUT --data-binary @"$WORK/office.zip" "$URL/fp/v1/venues/office?key=demo-key"; echo

show "curl -s --data-binary @Surveys/office.survey.ndjson \"\$URL/fp/v1/venues/office/surveys?key=demo-key\""
curl -sf --data-binary @Surveys/office.survey.ndjson "$URL/fp/v1/venues/office/surveys?key=demo-key"; echo

show "curl -s -i -X POST \"\$URL/fp/v1/venues/office/radiomap:build?key=demo-key\""
answer=$(curl -sf -i -X POST "$URL/fp/v1/venues/office/radiomap:build?key=demo-key" | tr -d '\r')
echo "$answer" | grep -i -E '^(HTTP|location)'
echo "$answer" | tail -1
job=$(echo "$answer" | grep -i '^location:' | cut -d' ' -f2)
show "curl -s \"\$URL$job?key=demo-key\"   (until done)"
wait_for_job "$job" demo-key

# The first scan of the office's test survey, as a geolocation request.
python3 - "$WORK/request.json" <<'PY'
import json, sys
lines = [json.loads(l) for l in open("Surveys/office.test.ndjson")]
scan = next(l for l in lines if l.get("type") == "scan")
aps = [{"macAddress": r[0], "signalStrength": int(r[1])} for r in scan["readings"][:6]]
json.dump({"considerIp": False, "wifiAccessPoints": aps}, open(sys.argv[1], "w"))
print(f"\n# the first scan of Surveys/office.test.ndjson, taken at ordinal {scan['ordinal']}, x {scan['x']}, y {scan['y']}")
PY
show "curl -s -d @request.json \"\$URL/v1/geolocate?key=demo-key\""
cat "$WORK/request.json"; echo
curl -sf -d @"$WORK/request.json" "$URL/v1/geolocate?key=demo-key"; echo

show "curl -s -d '{\"readings\": …}' \"\$URL/fp/v1/venues/office/locate?key=demo-key\""
python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(json.dumps({"readings": [[a["macAddress"], a["signalStrength"]] for a in r["wifiAccessPoints"]]}))' \
  "$WORK/request.json" > "$WORK/locate.json"
curl -sf -d @"$WORK/locate.json" "$URL/fp/v1/venues/office/locate?key=demo-key"; echo

show "curl -s \"\$URL/v1/geolocate?key=demo-key\" -d '{\"wifiAccessPoints\": []}'   (nothing heard)"
curl -s -d '{"wifiAccessPoints": []}' "$URL/v1/geolocate?key=demo-key"; echo

# A client following a tracking session's fixes never closes its stream: SIGTERM ends the
# session (the store keeps it) and the server stops within seconds all the same.
session=$(curl -sf -d '{"venue": "office"}' "$URL/fp/v1/sessions?key=demo-key" \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])')
curl -sN "$URL/fp/v1/sessions/$session/fixes?key=demo-key" > "$WORK/fixes.ndjson" &
follower=$!
sleep 1
show "kill -TERM \$SERVER   (a fix stream open)"
started=$(date +%s.%N)
stop_service
stopped=$(python3 -c "print(f'{$(date +%s.%N) - $started:.1f}')")
echo "stopped in $stopped s; the follower had $(wc -l < "$WORK/fixes.ndjson") line(s)"
wait "$follower" || true
python3 -c "import sys; sys.exit(0 if $stopped < 10 else 1)" || { echo "shutdown took $stopped s"; exit 1; }
# The data folder holds keys and surveys: nothing in it may be readable by others.
shared=$(find "$WORK/data" -type f -perm /077)
if [ -n "$shared" ]; then echo "readable by others:"; ls -l $shared; exit 1; fi
echo
echo "service demo: done (server stopped)"
