# receipts — set-up, demo, tests and benchmarks. Each target installs what it needs first.
SHELL := /bin/bash
.DEFAULT_GOAL := test

# Debian packages the build, the tests and the demo need.
APT_PACKAGES := pkg-config curl libsqlite3-dev libzbar-dev libqrencode-dev libpng-dev libjpeg-dev libwebp-dev zbar-tools
SWIFT ?= swift
RECEIPTS := .build/debug/receipts

.PHONY: setup build test lint format demo demo-api bench clean

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

## lint: the formatting check that `make test` runs (swift format with .swift-format).
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks

## format: rewrite the sources as swift format wants them.
format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks

## test: every test, after the formatting check; warnings fail the build (see Package.swift).
test: setup lint
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## demo: the main job on an embedded demo server (log in, import, the last three months), then
## the sample QR payloads read, and the sample receipt photos scanned and added (no session: pending).
demo: build
	@mkdir -p Reports/demo
	@rm -f Reports/demo/receipts.sqlite*
	@echo '$$ receipts demo --db Reports/demo/receipts.sqlite'
	@$(RECEIPTS) demo --db Reports/demo/receipts.sqlite
	@echo
	@grep -v '^#' Data/samples/payloads.txt | grep -v '^$$' | head -n 2 | while IFS= read -r payload; do \
	  echo "\$$ receipts qr parse '$$payload'"; $(RECEIPTS) qr parse "$$payload" || exit $$?; echo; \
	done
	@echo '$$ receipts scan Data/samples/photos --add --db Reports/demo/receipts.sqlite'
	@XDG_CONFIG_HOME=$(CURDIR)/Reports/demo/config $(RECEIPTS) scan Data/samples/photos --add --db Reports/demo/receipts.sqlite

## demo-api: the demo server walked through with curl: sessions, the feed, add by QR, places.
demo-api: build
	@scripts/demo.sh

## bench: release-build benchmarks with machine, data size, medians and ratios.
bench: setup
	$(SWIFT) build -c release --product CoreBenchmarks
	$(SWIFT) build -c release --product ImportBenchmarks
	$(SWIFT) build -c release --product PlaceBenchmarks
	$(SWIFT) build -c release --product ScanBenchmarks
	@mkdir -p Reports
	{ .build/release/CoreBenchmarks; echo; .build/release/PlaceBenchmarks; echo; .build/release/ImportBenchmarks; \
	  echo; .build/release/ScanBenchmarks; } | tee Reports/bench.md

clean:
	$(SWIFT) package clean
	rm -rf Reports/demo Reports/bench.md
