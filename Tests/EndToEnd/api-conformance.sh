#!/usr/bin/env bash
# The indoor API against its OpenAPI document (Sources/Service/openapi.yaml): the document is
# validated, then schemathesis sends generated requests (valid and invalid) to every operation
# of a running server holding the sample office with a built map, and fails on any 5xx answer
# or any answer the document does not describe (status, content type, headers, body schema).
# Usage: Tests/EndToEnd/api-conformance.sh path/to/fingerpost path/to/venv-bin [max-examples]
set -euo pipefail
FINGERPOST=$(realpath "$1")
BIN=$(realpath "$2")
EXAMPLES=${3:-40}
cd "$(dirname "$0")/../.."
WORK=$(mktemp -d /tmp/fingerpost-api.XXXXXX)
. Tests/EndToEnd/service-lib.sh
trap 'stop_service; rm -rf "$WORK"' EXIT

"$BIN/openapi-spec-validator" Sources/Service/openapi.yaml

# A key that may locate and write every venue, so that generated requests reach past the gate.
KEY=$("$FINGERPOST" keys add schemathesis --write '*' --data "$WORK/data")
# Sessions that take no events end after 5 s, so that a fix stream schemathesis follows ends.
# Schemathesis tries requests without the key from one address: no failed-key limit here (it
# would answer most operations 429).
SERVE_OPTIONS="--session-timeout 5 --session-particles 200 --failed-key-limit 1000000"
start_service
setup_office "$KEY" Surveys/office-8m.survey.ndjson

cat > "$WORK/schemathesis.toml" <<TOML
[auth.openapi.ApiKey]
api_key = "$KEY"
TOML
cd "$WORK"
"$BIN/schemathesis" --config-file "$WORK/schemathesis.toml" --no-color run "$OLDPWD/Sources/Service/openapi.yaml" \
  --url "$URL" --seed 1 --max-examples "$EXAMPLES" --workers 2 \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
  --suppress-health-check all
cd "$OLDPWD"
if grep -q "fatal\|Fatal error" "$WORK/serve.log"; then
  echo "the server logged a fatal error:"; cat "$WORK/serve.log"; exit 1
fi
kill -0 "$SERVICE_PID" || { echo "the server died during the run"; exit 1; }
echo "api-conformance: passed"
