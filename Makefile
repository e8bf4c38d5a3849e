# Ludothèque — build, serve, test. See README.md.
PYTHON ?= python3
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium

.PHONY: serve test vendor build dist bench deps icons clean

## serve: vendor the runtime, build, serve on http://127.0.0.1:$(PORT)/
serve: build
	@echo "Ludothèque: http://127.0.0.1:$(PORT)/"
	$(PYTHON) -m http.server --bind 127.0.0.1 $(PORT)

## test: install what the tests need, vendor, build, run the whole suite
test: deps build
	$(PYTHON) -m pytest

## vendor: fetch the pinned PyScript + Pyodide into vendor/ (skipped when current)
vendor:
	$(PYTHON) scripts/vendor.py

## build: build/ludotheque.zip, build/version.json, build/precache.json
build: vendor
	$(PYTHON) scripts/build.py

## dist: copy exactly the deployable site into dist/
dist: build
	$(PYTHON) scripts/build.py --dist dist

## bench: the benchmark scripts tests/bench/bench_*.py (print, never assert)
bench: build
	@set -e; for b in tests/bench/bench_*.py; do echo "== $$b"; PYTHONPATH=py $(PYTHON) $$b; done

## deps: Debian's chromium (if missing), requirements-dev.txt, node_modules (npm ci)
deps:
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
	@# axe-core for the tablet tour (tests only, never shipped), pinned in package-lock.json
	@if [ ! -d node_modules ]; then npm ci --no-audit --no-fund; fi

## icons: redraw assets/icons/ (committed; only when the design changes)
icons:
	$(PYTHON) scripts/make_icons.py

clean:
	rm -rf build dist
