#!/usr/bin/env bash
# The build `make demo` uses, checked: fingerpost built without the package's default traits
# (PostgreSQL, ServiceClient) in debug, then its venue summary and
# a geolocation through the service over SQLite, and the two things it leaves out each refused
# with an error that says how to get them (never a crash or a silent fallback).
# Usage: Tests/EndToEnd/without-traits.sh
set -euo pipefail
trap 'echo "without-traits: line $LINENO failed: $BASH_COMMAND" >&2' ERR
cd "$(dirname "$0")/../.."
# In the package's own .build, after `make test`'s debug build: only Fingerpost's modules are
# compiled again (138 s on 2 cores; a scratch folder of its own rebuilt every dependency, about 6.5 min by the
# build folder's times).
# The next debug build with the traits compiles them back. A fixed hash seed keeps SwiftPM's
# order of the other packages' traits (see the Makefile's SWIFT_BUILD).
SWIFT_DETERMINISTIC_HASHING=1 "${SWIFT:-swift}" build --product fingerpost --disable-default-traits
FINGERPOST=$(realpath .build/debug/fingerpost)
WORK=$(mktemp -d /tmp/fingerpost-no-traits.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

"$FINGERPOST" venue info Surveys/office | grep -q "Fingerpost Office"
Tests/EndToEnd/service-demo.sh "$FINGERPOST" > "$WORK/service.log" \
  || { cat "$WORK/service.log" >&2; exit 1; }

# refused: "$@" must fail, naming $expected on standard error.
refused() {
  local expected=$1
  shift
  if "$@" > "$WORK/out" 2> "$WORK/err"; then
    echo "without-traits: '$*' succeeded; it needs a trait this build leaves out" >&2
    exit 1
  fi
  grep -q "$expected" "$WORK/err" || { cat "$WORK/err" >&2; exit 1; }
}
refused "built without PostgreSQL" \
  "$FINGERPOST" serve --data "$WORK/data" --database "postgres://user:secret@127.0.0.1:1/db"
grep -q secret "$WORK/err" && { echo "without-traits: the refusal shows the database URL" >&2; exit 1; }
refused "built without the service client" \
  "$FINGERPOST" replay Scenarios/S0-office-nominal.yaml --to http://127.0.0.1:1 --key k
echo "without-traits: fingerpost without PostgreSQL and the service client builds, runs, and refuses both"
