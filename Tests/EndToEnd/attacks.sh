#!/usr/bin/env bash
# The attacks of issue 32 against `fingerpost serve` (release build, loopback only, bounded):
# JSON bombs, guessed keys, half-sent and malformed heads, while a normal client locates in the
# sample office; Tests/EndToEnd/attacks.py says what is checked. Prints the normal requests'
# p99 and the server's peak memory.
# Usage: Tests/EndToEnd/attacks.sh path/to/fingerpost
set -euo pipefail
trap 'echo "attacks: line $LINENO failed: $BASH_COMMAND" >&2' ERR
FINGERPOST=$(realpath "$1")
DATABASE=
cd "$(dirname "$0")/../.."
WORK=$(mktemp -d /tmp/fingerpost-attacks.XXXXXX)
. Tests/EndToEnd/service-lib.sh
trap 'stop_service; rm -rf "$WORK"' EXIT

KEY=$("$FINGERPOST" keys add admin --write '*' --data "$WORK/data")
start_service
setup_office "$KEY"
python3 - "$WORK/request.json" <<'PY'
import json, sys
scan = next(l for l in map(json.loads, open("Surveys/office.test.ndjson")) if l.get("type") == "scan")
aps = [{"macAddress": r[0], "signalStrength": int(r[1])} for r in scan["readings"][:6]]
json.dump({"considerIp": False, "wifiAccessPoints": aps}, open(sys.argv[1], "w"))
PY
python3 Tests/EndToEnd/attacks.py "$URL" "$KEY" "$SERVICE_PID" Surveys/office "$WORK/request.json"
echo "attacks: passed"
