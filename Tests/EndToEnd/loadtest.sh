#!/usr/bin/env bash
# Load and faults on the fingerprint service (release build, 127.0.0.1 only, bounded in count
# and time):
#  1. SESSIONS tracking sessions at once, each walking the office in real time for about SECONDS
#     (`fingerpost replay --to`: steps and scans sent every 0.5 s of the walk): every request
#     answered, the p99 latency, every session's fixes the same as the same batches offline with
#     the same seed; the server's CPU time and peak memory.
#  2. `kill -9` of the server in the middle of APPENDS concurrent survey appends: after a
#     restart, every acknowledged append is there exactly once and every stored line reads.
#  3. Writes without a key, with another venue's key, or with a revoked key: refused, nothing
#     changes.
#  4. Beside a PostgreSQL server (run under Tests/EndToEnd/with-postgres.sh): the database
#     restarted under appends; 503 meanwhile, recovery by itself, no acknowledged append lost.
# Usage: Tests/EndToEnd/loadtest.sh path/to/fingerpost [seconds=300] [sessions=200] [appends=10000]
set -euo pipefail
FINGERPOST=$(realpath "$1")
SECONDS_=${2:-300}
SESSIONS=${3:-200}
APPENDS=${4:-10000}
cd "$(dirname "$0")/../.."
WORK=$(mktemp -d /tmp/fingerpost-loadtest.XXXXXX)
. Tests/EndToEnd/service-lib.sh
trap 'stop_service; rm -rf "$WORK"' EXIT
failed=0

KEY=$("$FINGERPOST" keys add load --write office --data "$WORK/data")
OTHER=$("$FINGERPOST" keys add other --write elsewhere --data "$WORK/data")
REVOKED=$("$FINGERPOST" keys add revoked --write office --data "$WORK/data")
"$FINGERPOST" keys revoke "$REVOKED" --data "$WORK/data" > /dev/null
start_service
zip_folder Surveys/office "$WORK/office.zip"
curl -sf -o /dev/null -X PUT --data-binary @"$WORK/office.zip" "$URL/fp/v1/venues/office?key=$KEY"
curl -sf -o /dev/null --data-binary @Surveys/office.survey.ndjson "$URL/fp/v1/venues/office/surveys?key=$KEY"
job=$(curl -sf -D - -o /dev/null -X POST "$URL/fp/v1/venues/office/radiomap:build?key=$KEY" \
  | tr -d '\r' | grep -i '^location:' | cut -d' ' -f2)
wait_for_job "$job" "$KEY" > /dev/null

# 1. Sessions: walks to and fro along the ground floor's corridor (about 48 s a leg) for about
# SECONDS.
legs=$(python3 -c "import math; print(max(1, math.ceil($SECONDS_ / 48)))")
stops=$(python3 -c "print(', '.join('{ unit: \"Room 0.%s\", dwell: 1 }' % ('06' if i % 2 == 0 else '01') for i in range($legs)))")
cat > "$WORK/walk.yaml" <<YAML
version: 1
name: load walk
venue: $PWD/Surveys/office
world: $PWD/Surveys/office.world.yaml
radio_map: { survey: $PWD/Surveys/office.survey.ndjson, grid: 1 }
walker:
  start: { unit: "Room 0.01" }
  stops: [$stops]
localizer: { known_start: true }
seed: 300
YAML
cpu_before=$(awk '{print $14 + $15}' /proc/$SERVICE_PID/stat)
echo "sessions: $SESSIONS walking at once in real time"
start=$(date +%s.%N)
if ! "$FINGERPOST" replay "$WORK/walk.yaml" --to "$URL" --key "$KEY" --venue-id office \
    --sessions "$SESSIONS" --batch 0.5 > "$WORK/fixes.ndjson" 2> "$WORK/replay.log"; then
  failed=1
fi
end=$(date +%s.%N)
cat "$WORK/replay.log"
cpu_after=$(awk '{print $14 + $15}' /proc/$SERVICE_PID/stat)
python3 - "$cpu_before" "$cpu_after" "$start" "$end" "$SERVICE_PID" <<'PY'
import os, sys
before, after, start, end, pid = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
ticks = os.sysconf("SC_CLK_TCK")
cpu = (after - before) / ticks
peak = [l for l in open(f"/proc/{pid}/status") if l.startswith("VmHWM")][0].split()[1]
print(f"server: {cpu:.1f} s CPU over {end - start:.1f} s ({100 * cpu / (end - start):.0f} % of one core), peak memory {int(peak) / 1024:.0f} MB")
PY

# 3. Refused writes change nothing.
scans() { curl -sf "$URL/fp/v1/venues/office/surveys?key=$KEY" | python3 -c 'import json, sys; print(json.load(sys.stdin)["scans"])'; }
before=$(scans)
line='{"type":"scan","id":"refused","t":1,"device":"p","ordinal":0,"x":1,"y":1,"readings":[["02:aa:00:00:00:01",-60]]}'
for key in "" "$OTHER" "$REVOKED"; do
  status=$(curl -s -o /dev/null -w '%{http_code}' --data-binary "$line" "$URL/fp/v1/venues/office/surveys?key=$key")
  case "$status" in 400|401|403) ;; *) echo "a write with key '${key}' answered $status"; failed=1 ;; esac
  status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT --data-binary @"$WORK/office.zip" "$URL/fp/v1/venues/office?key=$key")
  case "$status" in 400|401|403) ;; *) echo "a venue upload with key '${key}' answered $status"; failed=1 ;; esac
done
[ "$(scans)" = "$before" ] || { echo "refused writes changed the survey"; failed=1; }
echo "refused writes: without a key, another venue's key and a revoked key refused; survey unchanged ($before scans)"

# 2. kill -9 in the middle of concurrent appends, then a restart.
python3 - "$URL" "$KEY" "$APPENDS" "$SERVICE_PID" "$WORK/acked.txt" <<'PY'
import json, os, signal, sys, threading, urllib.request
from concurrent.futures import ThreadPoolExecutor
url, key, count, pid, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
acked, lock = [], threading.Lock()
killed = threading.Event()
def append(i):
    if killed.is_set(): return
    line = json.dumps({"type": "scan", "id": f"kill-{i}", "t": i, "device": "load", "ordinal": 0,
                       "x": i % 40 - 20, "y": 1, "readings": [["02:aa:00:00:00:01", -60]]})
    try:
        with urllib.request.urlopen(urllib.request.Request(
                f"{url}/fp/v1/venues/office/surveys?key={key}", data=line.encode(), method="POST"), timeout=10) as r:
            if r.status == 200:
                with lock:
                    acked.append(i)
                    if len(acked) == count // 2 and not killed.is_set():
                        killed.set()
                        os.kill(pid, signal.SIGKILL)
    except Exception:
        pass
with ThreadPoolExecutor(64) as pool:
    list(pool.map(append, range(count)))
with open(out, "w") as f:
    f.write("\n".join(f"kill-{i}" for i in acked) + "\n")
print(f"appends: {len(acked)} of {count} acknowledged before kill -9")
PY
wait "$SERVICE_PID" 2> /dev/null || true
SERVICE_PID=
start_service
curl -sf "$URL/fp/v1/venues/office/surveys.ndjson?key=$KEY" > "$WORK/stored.ndjson"
python3 - "$WORK/stored.ndjson" "$WORK/acked.txt" <<'PY' || failed=1
import json, sys
from collections import Counter
ids, bad = Counter(), 0
for n, line in enumerate(open(sys.argv[1])):
    try:
        record = json.loads(line)
    except ValueError:
        bad += 1
        continue
    if record.get("id", "").startswith("kill-"): ids[record["id"]] += 1
acked = [l.strip() for l in open(sys.argv[2]) if l.strip()]
missing = [a for a in acked if ids[a] == 0]
twice = [i for i, c in ids.items() if c > 1]
print(f"after restart: {len(acked)} acknowledged appends, {len(missing)} missing, {len(twice)} stored twice, "
      f"{len(ids)} stored in all, {bad} unreadable lines")
sys.exit(1 if missing or twice or bad else 0)
PY
# 4. PostgreSQL restarted under load (when run beside one: Tests/EndToEnd/with-postgres.sh): the
# service answers 503 while the database is down, recovers by itself, and keeps every append
# it acknowledged.
if [ -n "${FINGERPOST_TEST_POSTGRES_RESTART:-}" ]; then
  stop_service
  DATABASE=$FINGERPOST_TEST_POSTGRES
  WORK_DATA_KEY=$("$FINGERPOST" keys add pg --write office $(store_options))
  start_service
  curl -sf -o /dev/null -X PUT --data-binary @"$WORK/office.zip" "$URL/fp/v1/venues/office?key=$WORK_DATA_KEY"
  python3 - "$URL" "$WORK_DATA_KEY" "$FINGERPOST_TEST_POSTGRES_RESTART" <<'PY' || failed=1
import json, subprocess, sys, threading, time, urllib.error, urllib.request
from collections import Counter
url, key, restart = sys.argv[1], sys.argv[2], sys.argv[3]
answers, lock, started = [], threading.Lock(), time.time()
def worker(w):
    i = 0
    while time.time() - started < 14:
        i += 1
        line = json.dumps({"type": "scan", "id": f"pg-{w}-{i}", "t": i, "device": "load", "ordinal": 0,
                           "x": 1, "y": 1, "readings": [["02:aa:00:00:00:01", -60]]})
        request = urllib.request.Request(f"{url}/fp/v1/venues/office/surveys?key={key}",
                                         data=line.encode(), method="POST")
        try:
            with urllib.request.urlopen(request, timeout=10) as r: status = r.status
        except urllib.error.HTTPError as e: status = e.code
        except Exception: status = 0
        with lock: answers.append((time.time() - started, status, f"pg-{w}-{i}"))
        time.sleep(0.02)
threads = [threading.Thread(target=worker, args=(w,)) for w in range(8)]
for t in threads: t.start()
time.sleep(4)
down = time.time() - started
subprocess.run([restart, "3"], check=True)
up = time.time() - started
for t in threads: t.join()
statuses = Counter(s for _, s, _ in answers)
outage = Counter(s for t, s, _ in answers if down + 0.5 < t < up - 0.2)
recovered = [t for t, s, _ in answers if t > up and s == 200]
late = Counter(s for t, s, _ in answers if t > up + 3)
print(f"PostgreSQL down {down:.1f}-{up:.1f} s under 8 appending clients: answers {dict(statuses)}; "
      f"while down {dict(outage)}; first success {recovered[0] - up:.2f} s after it was back" if recovered else
      f"no success after PostgreSQL came back: {dict(statuses)}")
acked = {i for _, s, i in answers if s == 200}
stored = Counter()
with urllib.request.urlopen(f"{url}/fp/v1/venues/office/surveys.ndjson?key={key}") as r:
    for line in r.read().decode().splitlines():
        record = json.loads(line)
        if record.get("id", "").startswith("pg-"): stored[record["id"]] += 1
missing = [i for i in acked if stored[i] == 0]
twice = [i for i, c in stored.items() if c > 1]
print(f"{len(acked)} appends acknowledged: {len(missing)} missing, {len(twice)} stored twice")
ok = (set(statuses) <= {200, 503} and outage.get(503, 0) > 0 and set(outage) <= {503}
      and recovered and set(late) == {200} and not missing and not twice)
sys.exit(0 if ok else 1)
PY
fi

if [ "$failed" != 0 ]; then echo "loadtest: FAILED"; exit 1; fi
echo "loadtest: passed"
