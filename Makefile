# Ludothèque — build, serve, test. See README.md.
PYTHON ?= python3
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium

.PHONY: serve test vendor build dist bench deps icons clean test-webkit test-firefox browser-deps

## serve: vendor the runtime, build, serve on http://127.0.0.1:$(PORT)/
serve: build
	@echo "Ludothèque: http://127.0.0.1:$(PORT)/"
	$(PYTHON) -m http.server --bind 127.0.0.1 $(PORT)

## test: install what the tests need, vendor, build, run the whole suite: first everything but
## tests/other_browsers in TEST_JOBS processes (pytest-xdist, one test file per process at a time: a
## file's browser and fixtures stay together; each process starts its own Chromium; the longest
## files first, tests/conftest.py LONGEST_FIRST), then the
## WebKit and Firefox tests alone (WebKitGTK is the slowest engine: it gets the machine to
## itself). TEST_JOBS=1 runs everything in one process, in file order.
# A tab that crashes ("Target crashed": Chromium, about one boot from the shipped snapshot in a
# few hundred under load, docs/performance.md) makes its test run once more, and only then; the
# summary counts it as a rerun. Any other failure fails at once.
CRASH_RERUN = --reruns 1 --only-rerun "Target crashed"
TEST_JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); [ $$n -gt 4 ] && n=4; [ $$n -lt 2 ] && n=2; echo $$n)
test: deps build
ifeq ($(TEST_JOBS),1)
	$(PYTHON) -m pytest $(CRASH_RERUN)
else
	$(PYTHON) -m pytest $(CRASH_RERUN) -n $(TEST_JOBS) --dist loadfile --no-loadscope-reorder --ignore=tests/other_browsers
	$(PYTHON) -m pytest tests/other_browsers
endif

## vendor: fetch the pinned PyScript + Pyodide into vendor/ (skipped when current)
vendor:
	$(PYTHON) scripts/vendor.py

## build: build/ludotheque.zip, build/version.json, build/precache.json; then, only when
## Chromium is here (and LUDO_SNAPSHOT is not 0), the build-time memory snapshot build/snapshot/
build: vendor
	$(PYTHON) scripts/build.py
	$(PYTHON) scripts/make_snapshot.py

## dist: copy exactly the deployable site into dist/
dist: build
	$(PYTHON) scripts/build.py --dist dist

## bench: the benchmark scripts tests/bench/bench_*.py (print, never assert). Each prints a line
## as it starts each part and has a deadline (--deadline, seconds): past it, it prints what it
## measured and names what was cut. A bench that fails is reported and the others still run.
bench: build
	@failed=""; n=0; total=$$(ls tests/bench/bench_*.py | wc -l); \
	for b in tests/bench/bench_*.py; do n=$$((n + 1)); \
		echo "== [$$n/$$total] $$b ($$(date +%H:%M:%S))"; \
		PYTHONPATH=py $(PYTHON) $$b || failed="$$failed $$b"; \
	done; \
	if [ -n "$$failed" ]; then echo "bench: failed:$$failed"; exit 1; fi

## deps: Debian's chromium (if missing) and requirements-dev.txt, then browser-deps
## (which also brings node_modules: puppeteer-core and axe-core, pinned by package-lock.json)
deps: browser-deps
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "installing chromium (Debian package)"; \
		apt-get update && apt-get install -y chromium; \
	fi
	@if ! $(PYTHON) -m pip --version >/dev/null 2>&1; then \
		echo "installing pip (Debian package)"; \
		apt-get update && apt-get install -y python3-pip; \
	fi
	@# Debian's own Python refuses pip installs (PEP 668) outside a virtual environment
	$(PYTHON) -m pip install -q -r requirements-dev.txt \
		|| $(PYTHON) -m pip install -q --break-system-packages -r requirements-dev.txt

## browser-deps: what tests/other_browsers needs, when missing: Debian's WebKitGTK WebDriver + MiniBrowser,
## Xvfb, firefox-esr, node + npm; then puppeteer-core from package-lock.json (`npm ci`, no browser download)
BROWSER_APT = /usr/bin/WebKitWebDriver:webkit2gtk-driver /usr/bin/Xvfb:xvfb /usr/bin/xauth:xauth \
	/usr/bin/firefox-esr:firefox-esr /usr/bin/node:nodejs /usr/bin/npm:npm
browser-deps:
	@missing=""; for pair in $(BROWSER_APT); do \
		[ -x "$${pair%%:*}" ] || missing="$$missing $${pair##*:}"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing (Debian packages)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi
	@if [ ! -f node_modules/.package-lock.json ] || ! cmp -s package-lock.json node_modules/.ludo-lock; then \
		echo "npm ci (puppeteer-core, axe-core; pinned by package-lock.json)"; \
		PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund && cp package-lock.json node_modules/.ludo-lock; \
	fi

## test-webkit / test-firefox: only the cross-engine tests (tests/other_browsers), in one engine
test-webkit: deps build
	LUDO_BROWSERS=webkit $(PYTHON) -m pytest tests/other_browsers
test-firefox: deps build
	LUDO_BROWSERS=firefox $(PYTHON) -m pytest tests/other_browsers

## icons: redraw assets/icons/ (committed; only when the design changes)
icons:
	$(PYTHON) scripts/make_icons.py

clean:
	rm -rf build dist
