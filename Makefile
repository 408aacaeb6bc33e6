# receipts — set-up, demo, tests and benchmarks. Each target installs what it needs first.
SHELL := /bin/bash
.DEFAULT_GOAL := test

# Debian packages the build, the tests and the demo need.
# zbar-tools: zbarimg, which the scan benchmark compares with; chromium, poppler-utils and
# fonts-dejavu-core: the test that looks at the HTML report in a real browser; wrk: the server under load;
# python3-venv: the API fuzzer's virtual environment.
APT_PACKAGES := pkg-config curl python3-venv libsqlite3-dev libzbar-dev libqrencode-dev libpng-dev libjpeg-dev libwebp-dev \
	zbar-tools chromium poppler-utils fonts-dejavu-core wrk
SWIFT ?= swift
RECEIPTS := .build/debug/receipts
# The API fuzzer (make test): schemathesis from PyPI, pinned, in a virtual environment under .build.
# Since 4.0 it reads OpenAPI 3.1 (the contract's version) as it is: no experimental switch to set.
SCHEMATHESIS_VERSION := 4.32.5
FUZZ_VENV := .build/venv
FUZZ_STAMP := $(FUZZ_VENV)/schemathesis-$(SCHEMATHESIS_VERSION).installed

.PHONY: setup build test lint format demo demo-api bench fuzz clean

## setup: install the Debian packages that are missing (apt-get update only when one is); idempotent.
setup:
	@missing=""; \
	for package in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; \
	  echo "make setup: installing$$missing"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  $$sudo apt-get install -y --no-install-recommends $$missing \
	    || { $$sudo apt-get update && $$sudo apt-get install -y --no-install-recommends $$missing; }; \
	fi

build: setup
	$(SWIFT) build

## lint: the checks that `make test` runs first: formatting (swift format with .swift-format), and a
## `///` comment on every public declaration of the library modules (scripts/doc-coverage.py).
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks Fuzz
	@python3 scripts/doc-coverage.py --check > /dev/null || { python3 scripts/doc-coverage.py --missing; exit 1; }

## format: rewrite the sources as swift format wants them.
format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks Fuzz

## test: every test, after the formatting check; warnings fail the build (see Package.swift). Then
## the API fuzzer (scripts/api-fuzz.sh): schemathesis against `receipts serve --demo`, about a minute.
test: setup lint $(FUZZ_STAMP)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	RECEIPTS=$(RECEIPTS) API_FUZZ_VENV=$(FUZZ_VENV) scripts/api-fuzz.sh

## The API fuzzer's virtual environment, made only when missing; a new pin installs into it.
$(FUZZ_STAMP):
	@[ -x $(FUZZ_VENV)/bin/python ] || python3 -m venv $(FUZZ_VENV)
	$(FUZZ_VENV)/bin/python -m pip install --quiet --disable-pip-version-check schemathesis==$(SCHEMATHESIS_VERSION)
	@touch $@

## demo: the main job on an embedded demo server (log in, import, the last three months), last
## month's statistics and its report, the sample QR payloads read, and the sample receipt photos
## scanned and added (no session: pending).
demo: build
	@mkdir -p Reports/demo
	@rm -f Reports/demo/receipts.sqlite*
	@echo '$$ receipts demo --db Reports/demo/receipts.sqlite'
	@$(RECEIPTS) demo --db Reports/demo/receipts.sqlite
	@echo
	@month=$$(date -d "$$(date +%Y-%m-15) -1 month" +%Y-%m); \
	echo "\$$ receipts stats --month $$month --db Reports/demo/receipts.sqlite"; \
	$(RECEIPTS) stats --month $$month --db Reports/demo/receipts.sqlite || exit $$?; echo; \
	echo "\$$ receipts report --month $$month --db Reports/demo/receipts.sqlite"; \
	$(RECEIPTS) report --month $$month --db Reports/demo/receipts.sqlite || exit $$?
	@echo
	@grep -v '^#' Data/samples/payloads.txt | grep -v '^$$' | head -n 2 | while IFS= read -r payload; do \
	  echo "\$$ receipts qr parse '$$payload'"; $(RECEIPTS) qr parse "$$payload" || exit $$?; echo; \
	done
	@echo '$$ receipts scan Data/samples/photos --add --db Reports/demo/receipts.sqlite'
	@XDG_CONFIG_HOME=$(CURDIR)/Reports/demo/config $(RECEIPTS) scan Data/samples/photos --add --db Reports/demo/receipts.sqlite

## demo-api: the demo server walked through with curl: sessions, the feed, add by QR, places.
demo-api: build
	@scripts/demo.sh

## bench: release-build benchmarks with machine, data size, medians and ratios, in one report
## (Reports/bench.md: a summary table, then every benchmark's own tables).
bench: setup
	$(SWIFT) build -c release --product CoreBenchmarks
	$(SWIFT) build -c release --product ImportBenchmarks
	$(SWIFT) build -c release --product PlaceBenchmarks
	$(SWIFT) build -c release --product StatsBenchmarks
	$(SWIFT) build -c release --product ScanBenchmarks
	$(SWIFT) build -c release --product receipts
	@mkdir -p Reports
	{ .build/release/CoreBenchmarks; echo; .build/release/PlaceBenchmarks; echo; .build/release/ImportBenchmarks; \
	  echo; .build/release/StatsBenchmarks; echo; .build/release/ScanBenchmarks; echo; scripts/load.sh; } \
	  | tee Reports/bench-output.md
	scripts/bench-summary.py < Reports/bench-output.md > Reports/bench.md
	@sed -n '1,/^$$/p;/^| benchmark/,/^$$/p' Reports/bench.md

## fuzz: each libFuzzer target for FUZZ_SECONDS (default 180) from its seed corpus and dictionary in
## Fuzz/; what it finds is saved in Fuzz/crashes/ (then fix it and move the input to Fuzz/corpus/).
FUZZ_TARGETS := FuzzFiscalCode FuzzExportedReceipts FuzzImages FuzzWirePages
FUZZ_SECONDS ?= 180
fuzz: setup
	@# swift build keeps only the last of several --product options: one build a target.
	@set -o pipefail; for target in $(FUZZ_TARGETS); do \
	  RECEIPTS_FUZZ=1 $(SWIFT) build --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address \
	    --product $$target 2>&1 | { grep -v "ld.gold: warning: Cannot export local symbol" || true; } || exit $$?; \
	done
	@mkdir -p Fuzz/crashes
	@for target in $(FUZZ_TARGETS); do \
	  mkdir -p .build-fuzz/corpus/$$target; \
	  echo "== $$target for $(FUZZ_SECONDS) s"; \
	  SWIFT_BACKTRACE=enable=no .build-fuzz/debug/$$target -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
	    -dict=Fuzz/dictionaries/$$target.dict -artifact_prefix=Fuzz/crashes/$$target- \
	    .build-fuzz/corpus/$$target Fuzz/corpus/$$target || exit $$?; \
	done

clean:
	$(SWIFT) package clean
	rm -rf Reports/demo Reports/bench.md
