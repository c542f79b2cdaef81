# Fingerpost: `make demo` runs the main job, `make test` runs the tests.
# Both install what is missing first (GNU GSL through apt-get, with sudo when not root).

SWIFT ?= swift
# SwiftPM (6.3) passes a package's traits to the compiler as -D flags in the order of a Set, which
# a fresh process redraws: every new build plan then recompiled all of Fingerpost (and Hummingbird)
# about half the time, 4-5 min in release (swiftlang/swift-package-manager#10525). A fixed hash
# seed for SwiftPM itself keeps the order, so a build plan is the same from one command to the next.
SWIFT_BUILD := SWIFT_DETERMINISTIC_HASHING=1 $(SWIFT) build
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
FINGERPOST := .build/release/fingerpost

.PHONY: all deps build demo-build demo traits-check test accuracy suite suite-check view-check service-check api-check clients web-check attack-check loadtest loadtest-short view scoreboard notebooks venues surveys bench bench-service fuzz format clean
SHARED_DATA := ../shared/data

all: build

## deps: install the system packages the build and tests need (libgsl-dev, libzstd-dev,
## libsqlite3-dev for the service's store, pkg-config, tmux for the viewer's end-to-end test,
## curl for the service's, Debian's postgresql server for the store tests, and libjs-leaflet for
## the web map the service serves).
deps:
	@if ! dpkg -s libgsl-dev >/dev/null 2>&1 || ! dpkg -s libzstd-dev >/dev/null 2>&1 \
	  || ! dpkg -s libsqlite3-dev >/dev/null 2>&1 || ! dpkg -s libjs-leaflet >/dev/null 2>&1 \
	  || ! command -v pkg-config >/dev/null 2>&1 || ! command -v tmux >/dev/null 2>&1 \
	  || ! command -v curl >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  echo "installing libgsl-dev, libzstd-dev, libsqlite3-dev, pkg-config, tmux, curl, postgresql and libjs-leaflet"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgsl-dev libzstd-dev libsqlite3-dev \
	    pkg-config tmux curl postgresql libjs-leaflet; \
	fi

## build: release build of the fingerpost tool.
build: deps
	$(SWIFT_BUILD) -c release --product fingerpost

## demo-build: the release build without the package's default traits (PostgreSQL, ServiceClient):
## what the demo runs needs neither, and leaving them out skips postgres-nio, AsyncHTTPClient and
## the copy of BoringSSL they bring (NIOSSL). `make build` puts them back.
demo-build: deps
	$(SWIFT_BUILD) -c release --product fingerpost --disable-default-traits

## demo: the main job: the sample office venue, a route through it, its survey ingested into a
## radio map, single scans located against it, scenario S0 replayed through the particle
## filter end to end (truth and fixes in .build/demo/s0.ndjson) and scored, the office assessed,
## and the fingerprint service: started, the office uploaded, surveyed and mapped over HTTP, a
## geolocation request answered with curl, stopped.
demo: demo-build
	$(FINGERPOST) venue info Surveys/office
	$(FINGERPOST) venue route Surveys/office --from "Room 0.01" --to "Room 2.52"
	mkdir -p .build/demo
	$(FINGERPOST) ingest Surveys/office.survey.ndjson --venue Surveys/office -o .build/demo/office.fpmap
	$(FINGERPOST) radiomap info .build/demo/office.fpmap
	$(FINGERPOST) evaluate-fingerprints --train Surveys/office.survey.ndjson --test Surveys/office.test.ndjson \
	  --venue Surveys/office
	$(FINGERPOST) replay Scenarios/S0-office-nominal.yaml --with-truth > .build/demo/s0.ndjson
	$(FINGERPOST) score .build/demo/s0.ndjson --venue Surveys/office
	$(FINGERPOST) assess Surveys/office --walks 8 --kidnaps 4
	Tests/EndToEnd/service-demo.sh $(FINGERPOST)
	@echo "watch a walk live in the terminal viewer: make view"

## test: every unit and end-to-end test (the store tests against SQLite and a PostgreSQL server
## started for them on a free local port and stopped after), then the accuracy gates, the scenario suite against
## its checked-in scoreboard, the viewer under tmux, the service demo, the API check and the short
## load test (release build).
test: deps
	$(SWIFT_BUILD) --build-tests
	Tests/EndToEnd/with-postgres.sh $(SWIFT) test --skip-build
	$(MAKE) accuracy
	$(MAKE) suite-check
	$(MAKE) view-check
	$(MAKE) service-check
	$(MAKE) api-check
	$(MAKE) clients
	$(MAKE) web-check
	$(MAKE) attack-check
	$(MAKE) traits-check
	$(MAKE) loadtest-short

## clients: real clients against the service, each checked against its answer to the same scan:
## Firefox-style requests, mozloc (PyPI, in .build/clients-venv) reading an nmcli scan, and GeoClue
## (Debian's geoclue-2.0 with its demos) scanning a mock wpa_supplicant (python3-dbusmock) on a
## private D-Bus. A client whose packages cannot be installed is skipped with a message.
CLIENTS_VENV := .build/clients-venv
clients: build
	@if ! dpkg -s geoclue-2.0 >/dev/null 2>&1 || ! dpkg -s geoclue-2-demo >/dev/null 2>&1 \
	  || ! dpkg -s python3-dbusmock >/dev/null 2>&1; then \
	  echo "installing geoclue-2.0, geoclue-2-demo and python3-dbusmock"; \
	  { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends geoclue-2.0 geoclue-2-demo python3-dbusmock >/dev/null; } \
	  || echo "GeoClue's packages could not be installed: its check will be skipped"; \
	fi
	@if [ ! -x $(CLIENTS_VENV)/bin/python ] && ! python3 -m venv $(CLIENTS_VENV); then \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && python3 -m venv $(CLIENTS_VENV); \
	fi
	@$(CLIENTS_VENV)/bin/pip install -q -r Tests/EndToEnd/requirements-clients.txt \
	  || echo "mozloc could not be installed from PyPI: its check will be skipped"
	Tests/EndToEnd/clients.sh $(FINGERPOST) $(CLIENTS_VENV)/bin/python

## web-check: the web map in headless Chromium (Debian's chromium, chromium-driver and
## python3-selenium, installed when missing): venue, level picker, place card, the radio map's
## layers, an assess accuracy map, a live session followed over levels, every level of two big
## venues, no console errors; screenshots in .build/web-map. Part of `make test`.
web-check: build
	@if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ] || ! dpkg -s python3-selenium >/dev/null 2>&1; then \
	  { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    --no-install-recommends chromium chromium-driver python3-selenium >/dev/null; } \
	  || echo "Chromium could not be installed: the web map check will be skipped"; \
	fi
	Tests/EndToEnd/web-map.sh $(FINGERPOST) .build/web-map

## attack-check: issue 32's attacks (JSON bombs, guessed keys, half-sent and malformed heads;
## loopback only, bounded) while a normal client locates: its p99 and the server's peak memory.
attack-check: build
	Tests/EndToEnd/attacks.sh $(FINGERPOST)

## traits-check: the build `make demo` uses (no default traits) compiles, runs, and refuses what it
## leaves out (`serve --database`, `replay --to`) with an error that says how to get it.
traits-check: deps
	SWIFT="$(SWIFT)" Tests/EndToEnd/without-traits.sh

## view-check: the terminal viewer end to end: a replay piped into it in a detached tmux session.
view-check: build
	Tests/EndToEnd/view-in-tmux.sh $(FINGERPOST)

## service-check: the fingerprint service end to end (the demo's exchange; fails on any
## unexpected answer), over its SQLite store and then over a throwaway PostgreSQL server.
service-check: build
	Tests/EndToEnd/service-demo.sh $(FINGERPOST) > .build/service-demo.log || { cat .build/service-demo.log; exit 1; }
	@tail -n 3 .build/service-demo.log
	Tests/EndToEnd/with-postgres.sh sh -c 'Tests/EndToEnd/service-demo.sh $(FINGERPOST) "$$FINGERPOST_TEST_POSTGRES"' \
	  > .build/service-demo-postgres.log || { cat .build/service-demo-postgres.log; exit 1; }
	@tail -n 3 .build/service-demo-postgres.log

## api-check: the OpenAPI document validated, then schemathesis against a running server: no
## 5xx and no answer the document does not describe (a Python venv in .build/api-venv).
API_VENV := .build/api-venv
api-check: build
	@command -v python3 >/dev/null || { echo "python3 is needed for the API check"; exit 1; }
	@if [ ! -x $(API_VENV)/bin/python ] && ! python3 -m venv $(API_VENV); then \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && python3 -m venv $(API_VENV); \
	fi
	$(API_VENV)/bin/pip install -q -r Tests/EndToEnd/requirements-api.txt
	Tests/EndToEnd/api-conformance.sh $(FINGERPOST) $(API_VENV)/bin 40

## view: watch scenario S0 live in the terminal viewer.
view: build
	$(FINGERPOST) replay Scenarios/S0-office-nominal.yaml --realtime --with-truth --particles 300 \
	  | $(FINGERPOST) view

## suite: every scenario through every localizer, scored (the scoreboard as Markdown).
suite: build
	$(FINGERPOST) suite Scenarios --markdown

## suite-check: the suite must not fall behind Scenarios/baseline/scoreboard.json by more than 5 %.
suite-check: build
	$(FINGERPOST) suite Scenarios --baseline Scenarios/baseline/scoreboard.json

## scoreboard: rewrite the checked-in baseline (after an improvement, say so in the commit).
scoreboard: build
	$(FINGERPOST) suite Scenarios --json Scenarios/baseline/scoreboard.json

## accuracy: single-scan positioning targets, in release: the office (simulated) and, when
## ../shared/data is present, UJIIndoorLoc (real). A target missed fails the build.
accuracy: build
	$(FINGERPOST) evaluate-fingerprints --train Surveys/office.survey.ndjson --test Surveys/office.test.ndjson \
	  --venue Surveys/office --method likelihood --method knn --require-median 2.5 --require-floor 98
	@if [ -f $(SHARED_DATA)/ujiindoorloc/trainingData.csv ]; then \
	  mkdir -p .build/accuracy && \
	  $(FINGERPOST) survey import --format uji $(SHARED_DATA)/ujiindoorloc/trainingData.csv -o .build/accuracy/uji-train.ndjson && \
	  $(FINGERPOST) survey import --format uji $(SHARED_DATA)/ujiindoorloc/validationData.csv -o .build/accuracy/uji-validation.ndjson && \
	  $(FINGERPOST) evaluate-fingerprints --train .build/accuracy/uji-train.ndjson --test .build/accuracy/uji-validation.ndjson \
	    --grid 2 --method knn --require-mean 7.5 --require-floor 93 --require-building 99.8; \
	else echo "skipping the UJIIndoorLoc accuracy gate: $(SHARED_DATA)/ujiindoorloc is absent"; fi

## notebooks: a virtual environment with notebooks/requirements.txt, the notebooks' inputs made
## by the project's commands, then every notebook executed headless (any error fails).
NOTEBOOK_DATA := .build/notebooks
notebooks: build
	@command -v python3 >/dev/null || { echo "python3 is needed for the notebooks"; exit 1; }
	@if [ ! -x .build/venv/bin/python ] && ! python3 -m venv .build/venv; then \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv && python3 -m venv .build/venv; \
	fi
	.build/venv/bin/pip install -q -r notebooks/requirements.txt
	rm -rf $(NOTEBOOK_DATA) && mkdir -p $(NOTEBOOK_DATA)
	$(FINGERPOST) suite Scenarios --seeds 1 --json $(NOTEBOOK_DATA)/scoreboard.json --streams $(NOTEBOOK_DATA)/streams > /dev/null
	$(FINGERPOST) ingest Surveys/office.survey.ndjson --venue Surveys/office -o $(NOTEBOOK_DATA)/office.fpmap
	echo 02:fb:00:00:02:24 > $(NOTEBOOK_DATA)/ap.bssid
	$(FINGERPOST) radiomap export $(NOTEBOOK_DATA)/office.fpmap --level 0 --ap 02:fb:00:00:02:24 -o $(NOTEBOOK_DATA)/ap
	$(FINGERPOST) assess Surveys/office --walks 6 --kidnaps 0 --cell-size 2 \
	  --geojson $(NOTEBOOK_DATA)/office-accuracy.geojson > /dev/null
	@if [ -d $(SHARED_DATA)/msft-ilc20/site1 ]; then \
	  $(FINGERPOST) evaluate-walks --format ilc $(SHARED_DATA)/msft-ilc20/site1 \
	    --streams $(NOTEBOOK_DATA)/ilc-site1 --json $(NOTEBOOK_DATA)/ilc-site1.json \
	    > $(NOTEBOOK_DATA)/ilc-site1.txt && head -n 9 $(NOTEBOOK_DATA)/ilc-site1.txt; \
	else echo "skipping the real-walk evaluation: $(SHARED_DATA)/msft-ilc20 is absent"; fi
	@if [ -d $(SHARED_DATA)/msft-ilc20/site1 ]; then \
	  set -e; S=$(NOTEBOOK_DATA)/simulator; mkdir -p $$S; \
	  $(FINGERPOST) venue import --format ilc $(SHARED_DATA)/msft-ilc20/site1 -o $$S/site1 > /dev/null; \
	  $(FINGERPOST) survey import --format ilc $(SHARED_DATA)/msft-ilc20/site1/F1/path_data_files \
	    $(SHARED_DATA)/msft-ilc20/site1/F2/path_data_files -o $$S/site1.survey.ndjson > /dev/null; \
	  $(FINGERPOST) world fit $$S/site1.survey.ndjson --venue $$S/site1 -o $$S/site1.world.yaml \
	    --geojson $$S/site1.aps.geojson > $$S/world-fit.txt && cat $$S/world-fit.txt; \
	  $(FINGERPOST) survey simulate --world $$S/site1.world.yaml --at $$S/site1.survey.ndjson \
	    -o $$S/site1.simulated.ndjson; \
	  $(FINGERPOST) assess $$S/site1 --world $$S/site1.world.yaml --survey $$S/site1.simulated.ndjson \
	    --kidnaps 0 --json $$S/assess.json > /dev/null; \
	  $(FINGERPOST) walk import --format ilc $(SHARED_DATA)/msft-ilc20/site1/F1/path_data_files \
	    $(SHARED_DATA)/msft-ilc20/site1/F2/path_data_files -o $$S/walks --phone $$S/phone.yaml \
	    | grep -A 3 '^phone'; \
	  $(FINGERPOST) assess $$S/site1 --world $$S/site1.world.yaml --survey $$S/site1.simulated.ndjson \
	    --phone $$S/phone.yaml --kidnaps 0 --json $$S/assess-phone.json > /dev/null; \
	  H=$$S/held-out; mkdir -p $$H; \
	  ls $(SHARED_DATA)/msft-ilc20/site1/F*/path_data_files/*.txt | LC_ALL=C sort > $$H/all.txt; \
	  awk 'NR % 10 == 1' $$H/all.txt > $$H/test.txt; awk 'NR % 10 != 1' $$H/all.txt > $$H/train.txt; \
	  $(FINGERPOST) survey import --format ilc $$(cat $$H/train.txt) -o $$H/train.survey.ndjson > /dev/null; \
	  $(FINGERPOST) world fit $$H/train.survey.ndjson --venue $$S/site1 -o $$H/train.world.yaml > /dev/null; \
	  $(FINGERPOST) survey simulate --world $$H/train.world.yaml --at $$H/train.survey.ndjson \
	    -o $$H/train.simulated.ndjson > /dev/null; \
	  $(FINGERPOST) walk import --format ilc $$(cat $$H/train.txt) -o $$H/train-walks \
	    --phone $$H/phone.yaml > /dev/null; \
	  $(FINGERPOST) walk import --format ilc $$(cat $$H/test.txt) -o $$H/routes > /dev/null; \
	  for m in radio-map neighbours; do \
	    $(FINGERPOST) assess $$S/site1 --world $$H/train.world.yaml --survey $$H/train.simulated.ndjson \
	      --phone $$H/phone.yaml --routes $$H/routes --measurement $$m --kidnaps 0 \
	      --json $$S/assess-routes-$$m.json > /dev/null; \
	  done; \
	else echo "skipping the simulator's check against real walks: $(SHARED_DATA)/msft-ilc20 is absent"; fi
	cd notebooks && for notebook in *.ipynb; do \
	  ../.build/venv/bin/jupyter nbconvert --to notebook --execute "$$notebook" \
	    --output-dir ../$(NOTEBOOK_DATA)/executed || exit 1; \
	done
	@echo "notebooks executed: $(NOTEBOOK_DATA)/executed, figures in $(NOTEBOOK_DATA)/figures"

## venues: regenerate the committed sample venues in Surveys/ (tests check they are current).
venues: build
	$(FINGERPOST) venue generate all -o Surveys

## surveys: regenerate the committed simulated surveys in Surveys/ (2 m spacing).
surveys: build
	$(FINGERPOST) survey simulate --world Surveys/office.world.yaml --seed 1 -o Surveys/office.survey.ndjson
	$(FINGERPOST) survey simulate --world Surveys/mall.world.yaml --seed 2 -o Surveys/mall.survey.ndjson
	$(FINGERPOST) survey simulate --world Surveys/office.world.yaml --random-points 200 --seed 1001 -o Surveys/office.test.ndjson
	$(FINGERPOST) survey simulate --world Surveys/office-sparse.world.yaml --seed 3 -o Surveys/office-sparse.survey.ndjson
	$(FINGERPOST) survey simulate --world Surveys/office.world.yaml --spacing 8 --seed 4 -o Surveys/office-8m.survey.ndjson

## bench: release-mode benchmarks (PolyMap load + floor plans, unit lookups), printed as a table.
bench: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark --no-progress

## loadtest: the service under load and faults (127.0.0.1 only): 200 tracking sessions walking
## in real time for 5 minutes (every request answered, latency, fixes equal to offline, server
## CPU and memory), kill -9 in the middle of 10,000 concurrent survey appends (every
## acknowledged append there exactly once after a restart), refused writes change nothing, and
## PostgreSQL restarted under appends (503 meanwhile, recovery by itself, nothing lost), then
## a second instance on the same database (the map one built reaches it, the same locate, a
## session's requests sent to its instance) and that instance killed (-9) and restarted (the
## session opened again where it was).
loadtest: build
	Tests/EndToEnd/with-postgres.sh Tests/EndToEnd/loadtest.sh $(FINGERPOST) 300 200 10000

## loadtest-short: the same in about a minute (50 sessions, a 48 s walk, 2,000 appends); CI runs it.
loadtest-short: build
	Tests/EndToEnd/with-postgres.sh Tests/EndToEnd/loadtest.sh $(FINGERPOST) 30 50 2000

## bench-service: wrk against /v1/geolocate on the sample mall for 20 s (127.0.0.1 only), then
## the start-up time with 10 venues stored, then on UJIIndoorLoc's map (a map-only venue) for
## 20 s (installs wrk if missing).
bench-service: build
	@command -v wrk >/dev/null || $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk
	Benchmarks/service-load.sh $(FINGERPOST) mall 20 16
	@if [ -f $(SHARED_DATA)/ujiindoorloc/trainingData.csv ]; then \
	  Benchmarks/service-load.sh $(FINGERPOST) uji 20 16; \
	else echo "skipping UJIIndoorLoc: $(SHARED_DATA)/ujiindoorloc is absent"; fi

## fuzz: every reader's libFuzzer harness (Fuzz/, built with -sanitize=fuzzer,address) for
## FUZZ_SECONDS each on seed corpora made from the repository's own files; prints executions and
## crashes per harness and fails on any crash, hang (10 s) or out-of-memory (2 GB).
## FUZZ_RUNS=N runs N executions per harness instead of a time limit.
FUZZ_SECONDS ?= 60
FUZZ_RUNS ?= 0
# SwiftPM's --sanitize=fuzzer links libFuzzer but compiles without coverage counters: the
# -Xswiftc/-Xcc flags instrument every module (without them libFuzzer mutates blind).
FUZZ_FLAGS := --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer -Xcc -fsanitize=fuzzer-no-link
fuzz: build
	cd Fuzz && $(SWIFT_BUILD) -c release $(FUZZ_FLAGS)
	FINGERPOST=$(FINGERPOST) Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_RUNS)

## format: the sources with the checked-in .swift-format.
format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Benchmarks \
	  Fuzz/Package.swift Fuzz/Sources

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build
