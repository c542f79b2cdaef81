# Shared by the service's end-to-end scripts (sourced): start `fingerpost serve` on a free
# loopback port over a fresh data folder, stop it, and set up the sample office with a map (setup_office).
# Needs FINGERPOST (the tool) and WORK (a scratch folder) set by the caller; with DATABASE set
# (a postgres:// URL), the store is that PostgreSQL database instead of the folder's SQLite.

# The store options of `fingerpost serve` and `fingerpost keys`.
store_options() {
  echo --data "$WORK/data" ${DATABASE:+--database "$DATABASE"}
}

# A free TCP port on 127.0.0.1.
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# start_service: serves $WORK/data on a free port (with SERVE_OPTIONS, if set); sets PORT, URL and
# SERVICE_PID; waits (at most 30 s) until it answers.
start_service() {
  PORT=$(free_port)
  URL="http://127.0.0.1:$PORT"
  "$FINGERPOST" serve --port "$PORT" $(store_options) ${SERVE_OPTIONS:-} 2> "$WORK/serve.log" &
  SERVICE_PID=$!
  for _ in $(seq 1 300); do
    if curl -s -o /dev/null "$URL/fp/v1/venues"; then return 0; fi
    if ! kill -0 "$SERVICE_PID" 2> /dev/null; then
      echo "fingerpost serve exited:"; cat "$WORK/serve.log"; return 1
    fi
    sleep 0.1
  done
  echo "fingerpost serve did not answer within 30 s"; return 1
}

# stop_service: SIGTERM, then waits for the process.
stop_service() {
  if [ -n "${SERVICE_PID:-}" ]; then
    kill "$SERVICE_PID" 2> /dev/null || true
    wait "$SERVICE_PID" 2> /dev/null || true
    SERVICE_PID=
  fi
}

# zip_folder FOLDER ZIP: the folder's files at the archive's root.
zip_folder() {
  (cd "$1" && python3 -c 'import sys, zipfile, os
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for root, _, files in os.walk("."):
        for f in sorted(files):
            z.write(os.path.join(root, f), os.path.relpath(os.path.join(root, f), "."))' "$2")
}

# wait_for_job JOB_URL KEY: polls a map build job until it is done (fails when it failed or after
# 120 s); prints the last state.
wait_for_job() {
  for _ in $(seq 1 1200); do
    state=$(curl -s "$URL$1?key=$2")
    case "$state" in
      *'"state":"done"'*) echo "$state"; return 0 ;;
      *'"state":"failed"'*) echo "$state"; return 1 ;;
    esac
    sleep 0.1
  done
  echo "the build did not finish in 120 s: $state"; return 1
}

# setup_office KEY [SURVEY]: uploads the sample office (zipped to $WORK/office.zip) and SURVEY
# (default Surveys/office.survey.ndjson) with write key KEY, and builds its map.
setup_office() {
  zip_folder Surveys/office "$WORK/office.zip"
  curl -sf -o /dev/null -X PUT --data-binary @"$WORK/office.zip" "$URL/fp/v1/venues/office?key=$1"
  curl -sf -o /dev/null --data-binary @"${2:-Surveys/office.survey.ndjson}" \
    "$URL/fp/v1/venues/office/surveys?key=$1"
  local job
  job=$(curl -sf -D - -o /dev/null -X POST "$URL/fp/v1/venues/office/radiomap:build?key=$1" \
    | tr -d '\r' | grep -i '^location:' | cut -d' ' -f2)
  wait_for_job "$job" "$1" > /dev/null
}
