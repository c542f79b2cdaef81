#!/usr/bin/env bash
# The web map end to end in headless Chromium: a server holding the office and its map, a key
# that may read it and locate, and web_map_test.py driving the page (screenshots in OUT).
# Skipped with a message when Chromium, its driver or Selenium is not installed.
# Usage: Tests/EndToEnd/web-map.sh path/to/fingerpost OUT
set -euo pipefail
FINGERPOST=$(realpath "$1")
OUT=$(mkdir -p "$2" && realpath "$2")
cd "$(dirname "$0")/../.."
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] \
  || ! /usr/bin/python3 -c 'import selenium' 2> /dev/null; then
  echo "web map: skipped (chromium, chromium-driver and python3-selenium are not installed; make web-check installs them)"
  exit 0
fi
WORK=$(mktemp -d /tmp/fingerpost-web-map.XXXXXX)
. Tests/EndToEnd/service-lib.sh
trap 'stop_service; rm -rf "$WORK"' EXIT
"$FINGERPOST" keys add writer --key write-key --write office $(store_options) > /dev/null
"$FINGERPOST" keys add viewer --key view-key --read office $(store_options) > /dev/null
start_service
setup_office write-key
/usr/bin/python3 Tests/EndToEnd/web_map_test.py "$URL" view-key "$FINGERPOST" "$OUT"
