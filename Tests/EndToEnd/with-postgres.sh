#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server: initdb into a temporary folder, started on
# a free 127.0.0.1 port (trust authentication, superuser `fingerpost`), its URL in
# FINGERPOST_TEST_POSTGRES for the store tests, and a script restarting it in
# FINGERPOST_TEST_POSTGRES_RESTART for the fault tests; stopped and removed afterwards, whatever
# the command's outcome. As root, the server runs as the `postgres` user (initdb refuses root).
# Usage: Tests/EndToEnd/with-postgres.sh COMMAND [ARGS…]
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2> /dev/null | sort -V | tail -n 1)
[ -x "$bin/initdb" ] || { echo "PostgreSQL's server is not installed (make deps installs it)"; exit 1; }
folder=$(mktemp -d /tmp/fingerpost-postgres.XXXXXX)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_server() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$folder"
stop() {
  as_server "$bin/pg_ctl" -D "$folder/data" -m fast -w stop > /dev/null 2>&1 || true
  rm -rf "$folder"
}
trap stop EXIT
as_server "$bin/initdb" -D "$folder/data" -U fingerpost --auth=trust -E UTF8 > "$folder/initdb.log" 2>&1 \
  || { cat "$folder/initdb.log"; exit 1; }
as_server "$bin/pg_ctl" -D "$folder/data" -w -l "$folder/server.log" \
  -o "-p $port -k $folder -c listen_addresses=127.0.0.1" start > /dev/null \
  || { cat "$folder/server.log"; exit 1; }
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port for the store tests"
export FINGERPOST_TEST_POSTGRES="postgres://fingerpost@127.0.0.1:$port/postgres"
# A script that restarts the server (for the fault tests): fast shutdown, down for $1 seconds
# (default 0), started again.
cat > "$folder/restart.sh" <<SH
#!/usr/bin/env bash
set -e
$(declare -f as_server)
as_server "$bin/pg_ctl" -D "$folder/data" -m fast -w stop > /dev/null
sleep "\${1:-0}"
as_server "$bin/pg_ctl" -D "$folder/data" -w -l "$folder/server.log" \
  -o "-p $port -k $folder -c listen_addresses=127.0.0.1" start > /dev/null
SH
chmod +x "$folder/restart.sh"
export FINGERPOST_TEST_POSTGRES_RESTART="$folder/restart.sh"
"$@"
