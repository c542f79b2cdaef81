#!/usr/bin/env bash
# Real clients against `fingerpost serve` (the office and its map, a read-only key), each given a
# scan of Surveys/office.test.ndjson and checked against the service's own answer to that scan:
#   - Firefox-style requests: upper-case MACs separated by hyphens, and an empty body (curl);
#   - mozloc (PyPI), reading the scan as `nmcli` prints it (signal quality in percent, as strings);
#   - GeoClue (Debian's geoclue-2.0), scanning through a mock wpa_supplicant on a private D-Bus,
#     answered by its `where-am-i` demo (geoclue-client.sh; needs root for a mount namespace).
# A client whose package is not installed is skipped with a message saying so; any wrong answer
# fails. Usage: Tests/EndToEnd/clients.sh path/to/fingerpost [PYTHON with mozloc]
set -euo pipefail
FINGERPOST=$(realpath "$1")
MOZLOC_PYTHON=${2:-}
cd "$(dirname "$0")/../.."
WORK=$(mktemp -d /tmp/fingerpost-clients.XXXXXX)
. Tests/EndToEnd/service-lib.sh
trap 'stop_service; rm -rf "$WORK"' EXIT

"$FINGERPOST" keys add writer --key write-key --write office $(store_options) > /dev/null
"$FINGERPOST" keys add reader --key read-key $(store_options) > /dev/null
start_service
setup_office write-key
GEOLOCATE="$URL/v1/geolocate?key=read-key"

# The scan, and what each client is given: a test scan whose networks GeoClue keeps (it drops
# signals at or below -90 dBm, and asks nothing with fewer than two).
python3 - "$WORK" << 'PY'
import json, sys
work = sys.argv[1]
scans = [json.loads(l) for l in open("Surveys/office.test.ndjson")]
scan = next(s for s in scans if s.get("type") == "scan" and sum(r[1] > -90 for r in s["readings"]) >= 5)
aps = [r for r in scan["readings"] if r[1] > -90]
body = lambda entries: json.dumps({"wifiAccessPoints": entries})
open(f"{work}/plain.json", "w").write(body([{"macAddress": m, "signalStrength": int(s)} for m, s, *_ in aps]))
# Firefox: upper-case MACs separated by hyphens.
open(f"{work}/firefox.json", "w").write(
    body([{"macAddress": m.upper().replace(":", "-"), "signalStrength": int(s)} for m, s, *_ in aps]))
# nmcli -g SSID,BSSID,FREQ,SIGNAL device wifi: colons escaped, signal quality in percent on
# NetworkManager's scale (-100 dBm is 0 %, -40 dBm 100 %). mozloc reads the first line as a header.
quality = lambda s: max(0, min(100, round((s + 100) / 0.6)))
lines = ["SSID:BSSID:FREQ:SIGNAL"] + [
    f"office:{m.upper().replace(':', chr(92) + ':')}:{f} MHz:{quality(s)}" for m, s, f in aps]
open(f"{work}/nmcli.txt", "w").write("\n".join(lines) + "\n")
open(f"{work}/quality.json", "w").write(
    body([{"ssid": "office", "macAddress": m.upper(), "signalStrength": str(quality(s))} for m, s, *_ in aps]))
open(f"{work}/bsses.json", "w").write(json.dumps({"bsses": [[m, "office", int(s), f] for m, s, f in aps]}))
print(f"scan at ordinal {scan['ordinal']}, x {scan['x']}, y {scan['y']}: {len(aps)} networks above -90 dBm")
PY

# distance A B: metres between two "lat lon" pairs.
distance() {
  python3 -c 'import math, sys; a, b, c, d = map(float, sys.argv[1:5]); print(f"{math.hypot((a - c) * 111320, (b - d) * 111320 * math.cos(math.radians(a))):.2f}")' $1 $2
}
# latlon FILE: "lat lon" of a geolocate answer.
latlon() {
  python3 -c 'import json, sys; l = json.load(open(sys.argv[1]))["location"]; print(l["lat"], l["lng"])' "$1"
}
# within LABEL METRES "lat lon" "lat lon": fails unless the two are within METRES.
within() {
  local d
  d=$(distance "$3" "$4")
  if python3 -c 'import sys; sys.exit(0 if float(sys.argv[1]) <= float(sys.argv[2]) else 1)' "$d" "$2"; then
    echo "$1: $3, $d m from the service's answer to the scan in dBm"
  else
    echo "$1: $3 is $d m from the service's answer $4 (at most $2 m expected)"; exit 1
  fi
}

curl -sf -d @"$WORK/plain.json" "$GEOLOCATE" > "$WORK/plain.answer"
reference=$(latlon "$WORK/plain.answer")
echo "service, the scan in dBm: $reference"

# Firefox-style: hyphenated upper-case MACs locate the same; an empty body is ichnaea's 404.
curl -sf -A 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0' \
  -H 'Content-Type: application/json' -d @"$WORK/firefox.json" "$GEOLOCATE" > "$WORK/firefox.answer"
within "Firefox-style MACs" 0.01 "$(latlon "$WORK/firefox.answer")" "$reference"
status=$(curl -s -o "$WORK/empty.answer" -w '%{http_code}' -X POST --data-binary '' "$GEOLOCATE")
grep -q '"reason":"notFound"' "$WORK/empty.answer" && [ "$status" = 404 ] \
  || { echo "an empty body: $status $(cat "$WORK/empty.answer") (404 notFound expected)"; exit 1; }
echo "Firefox-style empty body: 404 notFound"

# mozloc: `python -m mozloc -i FILE -url URL` posts the nmcli scan and prints
# "time lat lon accuracy count".
if [ -n "$MOZLOC_PYTHON" ] && "$MOZLOC_PYTHON" -c 'import mozloc' 2> /dev/null; then
  "$MOZLOC_PYTHON" -m mozloc -i "$WORK/nmcli.txt" -url "$GEOLOCATE" > "$WORK/mozloc.out"
  fix=$(tail -n 1 "$WORK/mozloc.out" | awk '{print $2, $3}')
  # Percentages are coarser than dBm (0.6 dB steps, clamped at -40 dBm): within a few metres.
  within "mozloc" 5 "$fix" "$reference"
else
  echo "mozloc: skipped (not installed for ${MOZLOC_PYTHON:-no Python given}; make clients installs it from PyPI)"
fi

# GeoClue: only networks with an SSID and above -90 dBm, every signal in dBm as an int16.
if [ -x /usr/libexec/geoclue ] && [ -x /usr/libexec/geoclue-2.0/demos/where-am-i ] \
  && /usr/bin/python3 -c 'import dbusmock' 2> /dev/null; then
  if [ "$(id -u)" != 0 ] || ! unshare -m --propagation private true 2> /dev/null; then
    echo "GeoClue: skipped (a private mount namespace for its configuration needs root and unshare)"
  else
    mkdir -p "$WORK/geoclue"
    if ! timeout 120 unshare -m --propagation private Tests/EndToEnd/geoclue-client.sh "$GEOLOCATE" \
      "$(cat "$WORK/bsses.json")" "$WORK/geoclue" > "$WORK/geoclue.out" 2>&1; then
      echo "GeoClue: where-am-i failed:"; cat "$WORK/geoclue.out"; tail -n 30 "$WORK"/geoclue/*.log; exit 1
    fi
    lat=$(grep -m 1 '^Latitude:' "$WORK/geoclue.out" | grep -oE '[-0-9.]+' | head -n 1 || true)
    lon=$(grep -m 1 '^Longitude:' "$WORK/geoclue.out" | grep -oE '[-0-9.]+' | head -n 1 || true)
    if [ -z "$lat" ] || [ -z "$lon" ]; then
      echo "GeoClue: no location from where-am-i:"; cat "$WORK/geoclue.out"; tail -n 30 "$WORK"/geoclue/*.log; exit 1
    fi
    within "GeoClue where-am-i" 1 "$lat $lon" "$reference"
  fi
else
  echo "GeoClue: skipped (geoclue-2.0, geoclue-2-demo and python3-dbusmock are not installed; make clients installs them)"
fi
