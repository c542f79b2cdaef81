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
#  5. Beside it too: a second instance on the same database takes the venue and the map one
#     built, answers the same locate, and sends a session's requests to the instance holding it;
#     that instance killed (-9) and restarted opens the session again where it was.
#  6. That instance killed (-9) again and left down: once it has been silent for the second
#     instance's --instance-timeout, the second takes the session over where it was; the first,
#     restarted, sends the session's requests there.
# Usage: Tests/EndToEnd/loadtest.sh path/to/fingerpost [seconds=300] [sessions=200] [appends=10000]
set -euo pipefail
# A step that fails outside the checks below says which it was (set -e alone ends silently).
trap 'echo "loadtest: line $LINENO failed: $BASH_COMMAND" >&2' ERR
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
# Every simulated phone uses the one key, as an app's users do.
SERVE_OPTIONS="--sessions-per-key $SESSIONS --connections-per-address $((SESSIONS * 4 + 64))"
start_service
setup_office "$KEY"

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
    --sessions "$SESSIONS" --batch 0.5 --with-truth > "$WORK/fixes.ndjson" 2> "$WORK/replay.log"; then
  failed=1
fi
end=$(date +%s.%N)
cat "$WORK/replay.log"
# The first session's fixes, with the truth beside them, score as an offline replay's do.
if "$FINGERPOST" score - < "$WORK/fixes.ndjson" > "$WORK/score.txt" 2>&1 \
    && grep -q "^IPIN/EvAAL score" "$WORK/score.txt"; then
  echo "the service's fixes scored: $(grep '^IPIN/EvAAL score' "$WORK/score.txt" | tr -s ' ')"
else
  echo "replay --to --with-truth | fingerpost score - failed:"; cat "$WORK/score.txt"; failed=1
fi
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
for refused in ":401" "$OTHER:403" "$REVOKED:401"; do
  key=${refused%:*} expected=${refused##*:}
  status=$(curl -s -o /dev/null -w '%{http_code}' --data-binary "$line" "$URL/fp/v1/venues/office/surveys?key=$key")
  [ "$status" = "$expected" ] || { echo "a write with key '${key}' answered $status, not $expected"; failed=1; }
  status=$(curl -s -o /dev/null -w '%{http_code}' -X PUT --data-binary @"$WORK/office.zip" "$URL/fp/v1/venues/office?key=$key")
  [ "$status" = "$expected" ] || { echo "a venue upload with key '${key}' answered $status, not $expected"; failed=1; }
done
[ "$(scans)" = "$before" ] || { echo "refused writes changed the survey"; failed=1; }
echo "refused writes: without a key or with a revoked key 401, with another venue's key 403; survey unchanged ($before scans)"

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
        sent = time.time() - started
        try:
            with urllib.request.urlopen(request, timeout=10) as r: status = r.status
        except urllib.error.HTTPError as e: status = e.code
        except Exception: status = 0
        with lock: answers.append((sent, time.time() - started, status, f"pg-{w}-{i}"))
        time.sleep(0.02)
threads = [threading.Thread(target=worker, args=(w,)) for w in range(8)]
for t in threads: t.start()
time.sleep(4)
down = time.time() - started
subprocess.run([restart, "3"], check=True)
up = time.time() - started
for t in threads: t.join()
statuses = Counter(s for _, _, s, _ in answers)
# Sent while the database was down: 503, or 200 when answered after it was back (a request
# may wait for the pool's new connection within its deadline); never anything else.
outage = Counter(s for sent, _, s, _ in answers if down + 0.5 < sent < up - 0.2)
outage_ok = all(s == 503 or (s == 200 and end > up) for sent, end, s, _ in answers
                if down + 0.5 < sent < up - 0.2)
recovered = [end for _, end, s, _ in answers if end > up and s == 200]
late = Counter(s for sent, _, s, _ in answers if sent > up + 3)
print(f"PostgreSQL down {down:.1f}-{up:.1f} s under 8 appending clients: answers {dict(statuses)}; "
      f"sent while down {dict(outage)}; first success {recovered[0] - up:.2f} s after it was back" if recovered else
      f"no success after PostgreSQL came back: {dict(statuses)}")
acked = {i for _, _, s, i in answers if s == 200}
stored = Counter()
with urllib.request.urlopen(f"{url}/fp/v1/venues/office/surveys.ndjson?key={key}") as r:
    for line in r.read().decode().splitlines():
        record = json.loads(line)
        if record.get("id", "").startswith("pg-"): stored[record["id"]] += 1
missing = [i for i in acked if stored[i] == 0]
twice = [i for i, c in stored.items() if c > 1]
print(f"{len(acked)} appends acknowledged: {len(missing)} missing, {len(twice)} stored twice")
ok = (set(statuses) <= {200, 503} and statuses.get(503, 0) > 0 and outage_ok
      and recovered and set(late) == {200} and not missing and not twice)
sys.exit(0 if ok else 1)
PY
  # 5. Two instances on the database; a session across a kill -9.
  "$FINGERPOST" simulate "$WORK/walk.yaml" --output "$WORK/walk.ndjson" 2> /dev/null
  curl -sf -o /dev/null --data-binary @Surveys/office.survey.ndjson "$URL/fp/v1/venues/office/surveys?key=$WORK_DATA_KEY"
  B_PORT=$(free_port)
  B_URL="http://127.0.0.1:$B_PORT"
  "$FINGERPOST" serve --port "$B_PORT" --data "$WORK/data-b" --database "$DATABASE" \
    --instance-timeout 11 2> "$WORK/serve-b.log" &
  B_PID=$!
  trap 'kill $B_PID 2> /dev/null || true; stop_service; rm -rf "$WORK"' EXIT
  for _ in $(seq 1 300); do curl -s -o /dev/null "$B_URL/fp/v1/venues" && break; sleep 0.1; done
  job=$(curl -sf -D - -o /dev/null -X POST "$B_URL/fp/v1/venues/office/radiomap:build?key=$WORK_DATA_KEY" \
    | tr -d '\r' | grep -i '^location:' | cut -d' ' -f2)
  wait_for_job "$job" "$WORK_DATA_KEY" > "$WORK/job.json" || failed=1
  python3 - "$URL" "$B_URL" "$WORK_DATA_KEY" "$WORK/walk.ndjson" "$WORK/job.json" "$WORK/session.txt" <<'PY' || failed=1
import json, sys, time, urllib.error, urllib.request
a, b, key, walk, job_file, out = sys.argv[1:7]
def call(url, body=None, method=None, follow=True):
    request = urllib.request.Request(url, data=body, method=method)
    opener = urllib.request.build_opener() if follow else urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=30) as r: return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e: return e.code, dict(e.headers), e.read()
class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args): return None
job = json.load(open(job_file))
# Both instances answer with the map, whichever built it: one job, one worker, one version.
deadline = time.time() + 30
while time.time() < deadline:
    tags = [call(f"{u}/fp/v1/venues/office/radiomap?key={key}")[1].get("ETag") for u in (a, b)]
    if tags[0] and tags[0] == tags[1] == f'"office-v{job["mapVersion"]}"': break
    time.sleep(0.2)
print(f"two instances: job {job['id'][:8]} built map v{job['mapVersion']} on {job['worker']}; "
      f"ETags {tags[0]} / {tags[1]}")
ok = tags[0] == tags[1] == f'"office-v{job["mapVersion"]}"'
events = [l for l in open(walk) if json.loads(l)["type"] in ("step", "scan")]
scan = json.loads(next(l for l in events if json.loads(l)["type"] == "scan"))
body = json.dumps({"wifiAccessPoints": [{"macAddress": r[0], "signalStrength": r[1]} for r in scan["readings"]]}).encode()
located = [call(f"{u}/v1/geolocate?key={key}", body) for u in (a, b)]
same = located[0][0] == located[1][0] == 200 and located[0][2] == located[1][2]
ok &= same
print(f"geolocate: 200 and the same answer from both: {same}")
if not same:
    for (status, _, answer), u in zip(located, (a, b)): print(f"  {u}: {status} {answer.decode()}")
status, _, answer = call(f"{a}/fp/v1/sessions?key={key}", json.dumps({"venue": "office", "seed": 7}).encode())
session = json.loads(answer)["id"]
# 23 batches of two events: the service keeps a snapshot after the 20th, and after the restart
# below opens the session again from it and the three batches after it.
for batch in range(23):
    status, _, _ = call(f"{a}/fp/v1/sessions/{session}/events?key={key}", "".join(events[batch * 2:batch * 2 + 2]).encode())
    ok &= status == 200
status, headers, _ = call(f"{b}/fp/v1/sessions/{session}?key={key}", follow=False)
location = headers.get("Location", "")
ok &= status == 307 and location == f"{a}/fp/v1/sessions/{session}?key={key}"
followed = json.loads(call(f"{b}/fp/v1/sessions/{session}?key={key}")[2])
ok &= followed["processed"] == 46
print(f"session asked at the other instance: {status} to {location.split('?')[0]}; followed: "
      f"{followed['processed']} events processed, fix {followed['sequence']}")
open(out, "w").write(json.dumps({"id": session, "before": followed,
                                 "next": "".join(events[46:56])}))
sys.exit(0 if ok else 1)
PY
  # kill -9 of the instance holding the session; restarted on its port, it opens it again.
  kill -9 "$SERVICE_PID"; wait "$SERVICE_PID" 2> /dev/null || true
  FINGERPOST_LOG_LEVEL=info "$FINGERPOST" serve --port "$PORT" $(store_options) 2> "$WORK/serve.log" &
  SERVICE_PID=$!
  for _ in $(seq 1 300); do curl -s -o /dev/null "$URL/fp/v1/venues" && break; sleep 0.1; done
  python3 - "$URL" "$B_URL" "$WORK_DATA_KEY" "$WORK/session.txt" <<'PY' || failed=1
import json, sys, urllib.request
a, b, key, saved = sys.argv[1:5]
saved = json.load(open(saved))
session, before = saved["id"], saved["before"]
with urllib.request.urlopen(f"{b}/fp/v1/sessions/{session}?key={key}") as r: after = json.load(r)
same = all(after[k] == before[k] for k in ("processed", "last_t", "sequence", "seed"))
with urllib.request.urlopen(urllib.request.Request(
        f"{a}/fp/v1/sessions/{session}/events?key={key}", data=saved["next"].encode())) as r:
    posted = json.load(r)
print(f"after kill -9 and restart: session {session[:8]} opened again with {after['processed']} events, "
      f"fix {after['sequence']} (as before: {same}); the next batch answered fix {posted['sequence']}")
with urllib.request.urlopen(f"{a}/fp/v1/sessions/{session}?key={key}") as r: now = json.load(r)
json.dump({"id": session, "before": now}, open(sys.argv[4] + ".after", "w"))
sys.exit(0 if same and posted["sequence"] > before["sequence"] else 1)
PY
  # Opened again from its snapshot (kept after its 20th batch) and the 3 batches after it.
  if grep "session opened again from its snapshot" "$WORK/serve.log" | grep "snapshot=19" \
    | grep -q "batches=3"; then
    echo "after kill -9 and restart: opened from the snapshot of batch 19 and the 3 batches after it"
  else
    echo "after kill -9 and restart: the session was not opened from its snapshot" >&2
    grep -i snapshot "$WORK/serve.log" >&2
    failed=1
  fi
  # 6. kill -9 again, and the instance left down: the other takes the session over.
  kill -9 "$SERVICE_PID"; wait "$SERVICE_PID" 2> /dev/null || true
  SERVICE_PID=
  python3 - "$URL" "$B_URL" "$WORK_DATA_KEY" "$WORK/session.txt.after" "$WORK/walk.ndjson" <<'PY' || failed=1
import json, sys, time, urllib.error, urllib.request
a, b, key, saved, walk = sys.argv[1:6]
saved = json.load(open(saved))
session, before = saved["id"], saved["before"]
events = [l for l in open(walk) if json.loads(l)["type"] in ("step", "scan")]
class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args): return None
opener = urllib.request.build_opener(NoRedirect)
started, status = time.time(), None
while time.time() - started < 40:
    try:
        with opener.open(f"{b}/fp/v1/sessions/{session}?key={key}", timeout=30) as r:
            status, after = r.status, json.load(r)
        break
    except urllib.error.HTTPError as e:
        status = e.code
    time.sleep(0.5)
if status != 200:
    print(f"takeover: the other instance still answers {status} after {time.time() - started:.0f} s")
    sys.exit(1)
same = all(after[k] == before[k] for k in ("processed", "last_t", "sequence"))
with urllib.request.urlopen(urllib.request.Request(
        f"{b}/fp/v1/sessions/{session}/events?key={key}", data="".join(events[56:66]).encode())) as r:
    posted = json.load(r)
print(f"after kill -9 with the instance left down: {after['instance']} took session {session[:8]} over "
      f"{time.time() - started:.0f} s later with {after['processed']} events, fix {after['sequence']} "
      f"(as before: {same}); the next batch answered fix {posted['sequence']}")
sys.exit(0 if same and after["instance"] == b and posted["sequence"] > before["sequence"] else 1)
PY
  # Restarted, the first instance sends the session's requests to the one that took it over.
  "$FINGERPOST" serve --port "$PORT" $(store_options) 2> "$WORK/serve.log" &
  SERVICE_PID=$!
  for _ in $(seq 1 300); do curl -s -o /dev/null "$URL/fp/v1/venues" && break; sleep 0.1; done
  session=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["id"])' "$WORK/session.txt.after")
  redirect=$(curl -s -o /dev/null -w '%{http_code} %{redirect_url}' "$URL/fp/v1/sessions/$session?key=$WORK_DATA_KEY")
  echo "the first instance, restarted: $redirect"
  [ "$redirect" = "307 $B_URL/fp/v1/sessions/$session?key=$WORK_DATA_KEY" ] || failed=1
  kill "$B_PID" 2> /dev/null || true; wait "$B_PID" 2> /dev/null || true
fi

if [ "$failed" != 0 ]; then echo "loadtest: FAILED"; exit 1; fi
echo "loadtest: passed"
