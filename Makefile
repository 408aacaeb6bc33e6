# receipts — set-up, demo, tests and benchmarks. Each target installs what it needs first.
SHELL := /bin/bash
.DEFAULT_GOAL := test

# Debian packages the build, the tests and the demo need.
# zbar-tools: zbarimg, which the scan benchmark compares with; chromium, poppler-utils and
# fonts-dejavu-core: the test that looks at the HTML report in a real browser; chromium-driver: the
# tests of `receipts web` in that browser; wrk: the server under load; python3-venv: the API fuzzer's
# and the browser tests' virtual environments; hledger: the check of `receipts export hledger`;
# sqlite3: the browser test opens the web app's downloaded backup with it; libpcre2-8-0 and libssl3:
# the libraries of Debian's nginx, which the server's test behind a real proxy runs (unpacked under
# .build by $(NGINX), not installed: installing it would start a web server on port 80);
# dovecot-imapd and openssl: the IMAP client's tests start their own dovecot over TLS on loopback
# with a throwaway certificate (Sources/ReceiptTesting/DovecotServer.swift). Installing dovecot would
# start a system IMAP server on ports 143 and 993 of every address: setup installs with a
# policy-rc.d that forbids starting services (dpkg's own switch, honoured by invoke-rc.d and
# deb-systemd-invoke; the one a machine has is kept), and where systemd runs it disables dovecot's
# units and stops them. gdb: the stacks of a test pass that stalled (scripts/stall-watch.sh).
APT_PACKAGES := pkg-config curl python3-venv libsqlite3-dev libzbar-dev libzxing-dev libqrencode-dev libpng-dev libjpeg-dev libwebp-dev \
	zbar-tools chromium chromium-driver poppler-utils fonts-dejavu-core wrk fish postgresql hledger sqlite3 tzdata libpcre2-8-0 libssl3 \
	dovecot-imapd openssl gdb
SWIFT ?= swift
RECEIPTS := .build/debug/receipts
# The API fuzzer (make test): schemathesis from PyPI, pinned, in a virtual environment under .build.
# Since 4.0 it reads OpenAPI 3.1 (the contract's version) as it is: no experimental switch to set.
SCHEMATHESIS_VERSION := 4.32.5
FUZZ_VENV := .build/venv
FUZZ_STAMP := $(FUZZ_VENV)/schemathesis-$(SCHEMATHESIS_VERSION).installed
# The browser tests of `receipts web` (make test): Selenium from PyPI, pinned, driving Debian's chromium.
SELENIUM_VERSION := 4.51.0
WEB_VENV := .build/web-venv
WEB_STAMP := $(WEB_VENV)/selenium-$(SELENIUM_VERSION).installed
# The check of `receipts export beancount` (make test): beancount from PyPI, pinned (2.3.6 has
# bean-query built in), in a virtual environment under .build.
BEANCOUNT_VERSION := 2.3.6
LEDGER_VENV := .build/ledger-venv
## How many Swift tests run at once (Swift Testing's own limit): the main pass takes the same time
## at 8 as with no limit (309 s against 300–315 s on two cores), with far fewer at once.
TEST_WIDTH := 8
LEDGER_STAMP := $(LEDGER_VENV)/beancount-$(BEANCOUNT_VERSION).installed
# The check that a Markdown report's cells stay text (EscapedNamesCommandTests, make test): a real
# CommonMark renderer, markdown-it-py from PyPI, pinned, in a virtual environment under .build.
MARKDOWN_VERSION := 4.0.0
MARKDOWN_VENV := .build/markdown-venv
MARKDOWN_STAMP := $(MARKDOWN_VENV)/markdown-it-py-$(MARKDOWN_VERSION).installed
# The scan benchmark's outside yardstick: zxing-cpp from PyPI (with Pillow to open the photos).
BENCH_VENV := .build/bench-venv
BENCH_PYTHON_PACKAGES := zxing-cpp==3.1.1 pillow==13.0.0
BENCH_STAMP := $(BENCH_VENV)/zxing-cpp-3.1.1.installed

.PHONY: setup build check test lint resolve format demo demo-api bench fuzz clean install manual install-files uninstall

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
	  policy=""; \
	  if [ ! -e /usr/sbin/policy-rc.d ]; then \
	    policy=/usr/sbin/policy-rc.d; printf '#!/bin/sh\nexit 101\n' | $$sudo tee $$policy > /dev/null; $$sudo chmod 755 $$policy; \
	  fi; \
	  $$sudo apt-get install -y --no-install-recommends $$missing \
	    || { $$sudo apt-get update && $$sudo apt-get install -y --no-install-recommends $$missing; }; \
	  status=$$?; \
	  [ -z "$$policy" ] || $$sudo rm -f $$policy; \
	  if [ -d /run/systemd/system ]; then \
	    $$sudo systemctl disable --now dovecot.socket dovecot.service > /dev/null 2>&1 || true; \
	  fi; \
	  exit $$status; \
	fi

build: setup
	$(SWIFT) build

## lint: the checks that `make test` runs first: formatting (swift format with .swift-format), a
## `///` comment on every public declaration of the library modules (scripts/doc-coverage.py), and
## every link between the Markdown pages resolving inside the repository (scripts/doc-links.py), and
## every module a target imports declared among its dependencies in Package.swift
## (scripts/check-imports.py; the fuzz targets too).
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks Tools Fuzz
	@python3 scripts/doc-coverage.py --check > /dev/null || { python3 scripts/doc-coverage.py --missing; exit 1; }
	python3 scripts/doc-links.py
	SWIFT=$(SWIFT) scripts/check-imports.py

## format: rewrite the sources as swift format wants them.
format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks Tools Fuzz

## What the tests run, and nothing more: the test bundle, which also builds and links `receipts` and
## the tax service's stand-ins (test targets depend on both: the command tests run the one, the
## browser test starts the other). One build, not one a product: each `swift build --product` plans
## the whole package again and rebuilt some of it (about 50 s from a fresh clone).
## `swift build --build-tests` would also build the eight benchmarks and ScanSamples, about a minute
## on two cores; `make bench` builds those (release). Called with the flags of the build:
## $(call test-build,FLAGS).
test-build = $(SWIFT) build --product receiptsPackageTests $(1)

## check: the fast tier, for the loop of a change: the build, `make lint`, and every test that needs
## nothing beyond its own process (RECEIPTS_TEST_TIER=check leaves out the suites tagged `.process`,
## `.server`, `.postgres` or `.browser`: see docs/testing.md). About two minutes after a change to one
## file on two cores; `make test` is still what CI runs.
check: setup lint
	$(call test-build,--explicit-target-dependency-import-check error)
	RECEIPTS_TEST_TIER=check SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) $(SWIFT) test --skip-build

## test: every test, after the lint; warnings fail the build (see Package.swift), with a throwaway
## PostgreSQL beside them (scripts/with-postgres.sh); then the server's and the importer's tests again
## with the server on PostgreSQL, the API fuzzer (scripts/api-fuzz.sh: schemathesis against `receipts
## serve --demo`, a minute), `receipts web` in Chromium (scripts/web-browser-test.py) and the ledger
## exports checked by beancount and hledger themselves (scripts/ledger-check.py).
## --explicit-target-dependency-import-check error: before compiling, SwiftPM scans every target's
## imports and fails the build when one imports a module of the build that the target does not
## depend on, directly or through its dependencies (the lint's scripts/check-imports.py also wants
## the direct declaration). It only checks: the compiler's flags and what it builds are the same as
## without it, so `swift test --skip-build` runs what this built.
## Before the build, at once: the lint, the Python tools' virtual environments (pip waits on PyPI
## and compiles on one core) and the packages resolved (git clones from the mirror). The venvs are
## not made beside the build: pip compiles too (beancount's parser), and beside the build it took as
## long as it saved (a fresh clone's build 597 s after them, 717 s beside them, on two cores).
## After it, steps that leave a core idle run together (scripts/together.sh prints each one's
## output when it ends): the reference check, the DocC catalogues and the manual's generator; then,
## after the Swift tests, their pass over PostgreSQL, the API fuzzer (a fixed time on one core), the
## browser test and the ledger check.
test: setup
	$(MAKE) --no-print-directory -j4 lint resolve $(FUZZ_STAMP) $(WEB_STAMP) $(LEDGER_STAMP) $(MARKDOWN_STAMP) $(NGINX)
	$(call test-build,--explicit-target-dependency-import-check error)
	@# docs/reference.md is every command's help as the built binary prints it; every module's DocC
	@# catalogue, warnings as errors (a symbol link that names nothing fails); the man page's
	@# generator, for the test of what `make install` puts in place.
	scripts/together.sh \
	  reference "python3 scripts/command-reference.py --check $(RECEIPTS)" \
	  docc-check "scripts/docc-check.sh" \
	  manual-generator "$(SWIFT) package plugin generate-manual --help > /dev/null"
	@# At most $(TEST_WIDTH) tests at once: awaiting tests no longer hold the pool's threads, and
	@# 575 of them starting servers and processes together on two cores turn every wait into a race.
	@# A pass that prints nothing for ten minutes has stalled: its threads' stacks are printed and it
	@# runs once more (scripts/stall-watch.sh).
	SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) SWIFT=$(SWIFT) scripts/stall-watch.sh \
	  scripts/with-postgres.sh $(SWIFT) test --skip-build
	scripts/together.sh \
	  postgresql-pass "SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) RECEIPTS_TEST_STORAGE=postgresql \
	    SWIFT=$(SWIFT) scripts/stall-watch.sh scripts/with-postgres.sh $(SWIFT) test --skip-build \
	    --filter 'ReceiptServerTests|ReceiptSyncTests'" \
	  api-fuzz "RECEIPTS=$(RECEIPTS) API_FUZZ_VENV=$(FUZZ_VENV) scripts/api-fuzz.sh" \
	  browser "RECEIPTS=$(RECEIPTS) $(WEB_VENV)/bin/python scripts/web-browser-test.py" \
	  browser-views "RECEIPTS=$(RECEIPTS) $(WEB_VENV)/bin/python scripts/web-browser-test.py views" \
	  ledger-check "RECEIPTS=$(RECEIPTS) LEDGER_VENV=$(LEDGER_VENV) python3 scripts/ledger-check.py"

## Debian's nginx for the server's test behind a real proxy (NginxProxyTests), its package unpacked
## under .build, not installed: no service is started and nothing listens until the test starts it on
## a loopback port with a configuration of its own. apt-get download fetches the version apt knows.
NGINX := .build/nginx/usr/sbin/nginx
$(NGINX):
	@mkdir -p .build/nginx-package
	cd .build/nginx-package && rm -f nginx_*.deb && { apt-get download nginx 2>/dev/null \
	  || { sudo=""; [ "$$(id -u)" -eq 0 ] || sudo="sudo"; $$sudo apt-get update -qq && apt-get download nginx; }; }
	dpkg-deb -x .build/nginx-package/nginx_*.deb .build/nginx
	@test -x $@ && touch $@

## resolve: the packages, from the machine's mirror, at the versions Package.swift names.
resolve:
	$(SWIFT) package resolve

## The ledger check's virtual environment, made as the fuzzer's is.
$(LEDGER_STAMP):
	@[ -x $(LEDGER_VENV)/bin/python ] || python3 -m venv $(LEDGER_VENV)
	$(LEDGER_VENV)/bin/python -m pip install --quiet --disable-pip-version-check beancount==$(BEANCOUNT_VERSION)
	@touch $@

## The browser tests' virtual environment, made only when missing; a new pin installs into it.
$(WEB_STAMP):
	@[ -x $(WEB_VENV)/bin/python ] || python3 -m venv $(WEB_VENV)
	$(WEB_VENV)/bin/python -m pip install --quiet --disable-pip-version-check selenium==$(SELENIUM_VERSION)
	@touch $@

## The API fuzzer's virtual environment, made only when missing; a new pin installs into it.
$(FUZZ_STAMP):
	@[ -x $(FUZZ_VENV)/bin/python ] || python3 -m venv $(FUZZ_VENV)
	$(FUZZ_VENV)/bin/python -m pip install --quiet --disable-pip-version-check schemathesis==$(SCHEMATHESIS_VERSION)
	@touch $@

## The Markdown renderer's virtual environment, made as the fuzzer's is.
$(MARKDOWN_STAMP):
	@[ -x $(MARKDOWN_VENV)/bin/python ] || python3 -m venv $(MARKDOWN_VENV)
	$(MARKDOWN_VENV)/bin/python -m pip install --quiet --disable-pip-version-check markdown-it-py==$(MARKDOWN_VERSION)
	@touch $@

## The scan benchmark's yardstick environment, made as the fuzzer's is.
$(BENCH_STAMP):
	@[ -x $(BENCH_VENV)/bin/python ] || python3 -m venv $(BENCH_VENV)
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check $(BENCH_PYTHON_PACKAGES)
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
## (Reports/bench.md: a summary table, then every benchmark's own tables). The statistics benchmark
## leaves its million receipts in a temporary folder for `receipts web` in Chromium
## (scripts/web-bench.py), which measures the page over them, and for the ledger export's time and
## memory (BankBenchmarks); the folder goes afterwards.
bench: setup $(BENCH_STAMP) $(WEB_STAMP) $(NGINX)
	$(SWIFT) build -c release --product CoreBenchmarks
	$(SWIFT) build -c release --product ImportBenchmarks
	$(SWIFT) build -c release --product PlaceBenchmarks
	$(SWIFT) build -c release --product StatsBenchmarks
	$(SWIFT) build -c release --product ScanBenchmarks
	$(SWIFT) build -c release --product CategoryBenchmarks
	$(SWIFT) build -c release --product BankBenchmarks
	$(SWIFT) build -c release --product HouseholdBenchmarks
	$(SWIFT) build -c release --product receipts
	@mkdir -p Reports
	kept=$$(mktemp -d); trap 'rm -rf "$$kept"' EXIT; \
	{ .build/release/CoreBenchmarks; echo; .build/release/CategoryBenchmarks; echo; .build/release/PlaceBenchmarks; echo; .build/release/ImportBenchmarks; \
	  echo; RECEIPTS=.build/release/receipts scripts/import-memory-bench.py; \
	  echo; STATS_BENCH_KEEP_DATABASE=$$kept/history.sqlite .build/release/StatsBenchmarks; \
	  echo; RECEIPTS=.build/release/receipts $(WEB_VENV)/bin/python scripts/web-bench.py $$kept/history.sqlite; \
	  echo; RECEIPTS=.build/release/receipts LEDGER_BENCH_DATABASE=$$kept/history.sqlite .build/release/BankBenchmarks; \
	  rm -rf "$$kept"; echo; .build/release/HouseholdBenchmarks; echo; RECEIPTS=.build/release/receipts scripts/mail-bench.py; echo; ZXING_PYTHON=$(BENCH_VENV)/bin/python .build/release/ScanBenchmarks; \
	  echo; RECEIPTS=.build/release/receipts scripts/feed-bench.sh; echo; scripts/load.sh; \
	  echo; LOAD_ANSWER_CACHE=0 LOAD_PIN=1 LOAD_RUNS=2 scripts/load.sh; } \
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

## install: `receipts` for people who are not Swift developers, under PREFIX (default ~/.local): a
## release build with the Swift runtime linked in (only Debian's C libraries stay shared), its
## resource bundles beside it in libexec/receipts (bin/receipts links there, so the binary finds
## them wherever PREFIX is moved), completions for bash, zsh and fish, and the man page.
PREFIX ?= $(HOME)/.local
INSTALLED_BINARY := libexec/receipts
INSTALLED_FILES := bin/receipts share/bash-completion/completions/receipts share/zsh/site-functions/_receipts \
	share/fish/vendor_completions.d/receipts.fish share/man/man1/receipts.1
MANUAL := .build/manual/receipts.1
install: setup
	$(SWIFT) build -c release --product receipts --static-swift-stdlib
	$(MAKE) --no-print-directory manual BIN_PATH="$$($(SWIFT) build -c release --show-bin-path)"
	$(MAKE) --no-print-directory install-files BIN_PATH="$$($(SWIFT) build -c release --show-bin-path)"

## manual: .build/manual/receipts.1 from the receipts in BIN_PATH, by swift-argument-parser's
## generate-manual. Its plugin would build every product again (in release, with other flags than
## `install`'s): asked for --help, it only builds its tool, which is then run on the binary.
manual:
	$(SWIFT) package plugin generate-manual --help > /dev/null
	mkdir -p $(dir $(MANUAL))
	"$$($(SWIFT) build --show-bin-path)/generate-manual-tool" "$(BIN_PATH)/receipts" --output-directory $(dir $(MANUAL))

## install-files: the files of `install` from a build that is already there (BIN_PATH, MANUAL).
install-files:
	@test -n "$(PREFIX)" || { echo "install-files: PREFIX is empty"; exit 1; }
	@test -x "$(BIN_PATH)/receipts" || { echo "install-files: no receipts in BIN_PATH=$(BIN_PATH)"; exit 1; }
	@test -f "$(MANUAL)" || { echo "install-files: no manual page at MANUAL=$(MANUAL)"; exit 1; }
	rm -rf "$(PREFIX)/$(INSTALLED_BINARY)"
	mkdir -p "$(PREFIX)/$(INSTALLED_BINARY)" "$(PREFIX)/bin" "$(PREFIX)/share/bash-completion/completions" \
	  "$(PREFIX)/share/zsh/site-functions" "$(PREFIX)/share/fish/vendor_completions.d" "$(PREFIX)/share/man/man1"
	cp "$(BIN_PATH)/receipts" "$(PREFIX)/$(INSTALLED_BINARY)/receipts"
	cp -R "$(BIN_PATH)"/*.resources "$(PREFIX)/$(INSTALLED_BINARY)/"
	ln -sfn ../$(INSTALLED_BINARY)/receipts "$(PREFIX)/bin/receipts"
	"$(PREFIX)/bin/receipts" --generate-completion-script bash > "$(PREFIX)/share/bash-completion/completions/receipts"
	"$(PREFIX)/bin/receipts" --generate-completion-script zsh > "$(PREFIX)/share/zsh/site-functions/_receipts"
	"$(PREFIX)/bin/receipts" --generate-completion-script fish > "$(PREFIX)/share/fish/vendor_completions.d/receipts.fish"
	cp "$(MANUAL)" "$(PREFIX)/share/man/man1/receipts.1"
	@echo "installed $(PREFIX)/bin/receipts; make sure $(PREFIX)/bin is on PATH"

## uninstall: removes what `make install` put under PREFIX, and nothing else.
uninstall:
	@test -n "$(PREFIX)" || { echo "uninstall: PREFIX is empty"; exit 1; }
	rm -rf "$(PREFIX)/$(INSTALLED_BINARY)"
	rm -f $(addprefix "$(PREFIX)/,$(addsuffix ",$(INSTALLED_FILES)))

clean:
	$(SWIFT) package clean
	rm -rf Reports/demo Reports/bench.md
