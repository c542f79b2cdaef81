#!/usr/bin/env bash
# The web map end to end in headless Chromium: a server holding the office and its map and the
# generated convention centre (85,000 m²) and Polymap's campus (443 units) without maps, a key that may read them and locate, an
# accuracy map of the office from `fingerpost assess --geojson`, and web_map_test.py driving the
# page (screenshots in OUT).
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
"$FINGERPOST" keys add writer --key write-key --write office --write convention --write polymap $(store_options) > /dev/null
"$FINGERPOST" keys add viewer --key view-key --read office --read convention --read polymap $(store_options) > /dev/null
start_service
setup_office write-key
zip_folder Surveys/convention "$WORK/convention.zip"
curl -sf -o /dev/null -X PUT --data-binary @"$WORK/convention.zip" "$URL/fp/v1/venues/convention?key=write-key"
zip_folder ../shared/data/imdf-polymap "$WORK/polymap.zip"
curl -sf -o /dev/null -X PUT --data-binary @"$WORK/polymap.zip" "$URL/fp/v1/venues/polymap?key=write-key"
# A small assessment (two walks) is enough to draw: the check is the page, not the accuracy.
"$FINGERPOST" assess Surveys/office --world Surveys/office.world.yaml --walks 2 --kidnaps 0 \
  --particles 300 --geojson "$WORK/office-accuracy.geojson" > /dev/null 2> "$WORK/assess.log" \
  || { cat "$WORK/assess.log"; exit 1; }
/usr/bin/python3 Tests/EndToEnd/web_map_test.py "$URL" view-key "$FINGERPOST" "$OUT" \
  "$WORK/office-accuracy.geojson"
