SHELL := /bin/bash
.DEFAULT_GOAL := help
STAMP := node_modules/.install-stamp

help:
	@echo "make start   install, migrate and run the whole product (PGlite, local chain, ./uploads)"
	@echo "make test    install, type-check, lint and run every test suite"
	@echo "make dev     API + Vite dev server with hot reload"
	@echo "make bench   benchmarks"
	@echo "make bench-mainnet  100 purchases on the local chain's mainnet profile (drops, 429s)"
	@echo "make e2e     end-to-end journey in headless Chromium"
	@echo "make cluster N servers behind haproxy on one PostgreSQL (DATABASE_URL) and a local chain"

# npm install, not npm ci: npm 11 writes a lock without litesvm's other-platform binaries and
# then refuses it in npm ci. npm install still takes every version from package-lock.json.
$(STAMP): package.json package-lock.json
	npm install --no-audit --no-fund
	@touch $@

install: $(STAMP)

# The web build reads web/ and what it imports of src/ (the domain and the contracts): rebuilt
# only when one of them (or the installed packages) changed, so a second `make start` neither
# waits for it nor empties dist/web under a server that is serving it.
WEB_SOURCES := $(shell find web src/domain src/contracts -type f 2>/dev/null)
WEB_STAMP := dist/.web-stamp

$(WEB_STAMP): $(STAMP) $(WEB_SOURCES)
	@if [ -f web/index.html ]; then npx vite build --config web/vite.config.ts && node --import tsx web/precompress.ts && touch $@; fi

build-web: $(WEB_STAMP)

start: install build-web
	node --import tsx cli/main.ts serve

dev: install
	node --import tsx scripts/dev-server.ts

typecheck: install
	npx tsc --noEmit -p tsconfig.json

lint: install
	npx eslint . --max-warnings=0
	npx prettier --check .

unit: install
	npx vitest run

test: typecheck lint unit

bench: install build-web
	node --import tsx bench/run.ts

bench-mainnet: install
	node --import tsx bench/mainnet-purchases.ts

cluster: install build-web
	node --import tsx scripts/cluster.ts

e2e: install build-web
	node --import tsx test/e2e/run.ts

.PHONY: help install build-web start dev typecheck lint unit test bench bench-mainnet e2e cluster
