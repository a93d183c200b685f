# ProxyShop entry points. `make run` starts the whole product on the embedded default;
# `make test` runs every test. See README.md.

CARGO ?= cargo
NPM   ?= npm
BIN_DEBUG   := target/debug/proxyshop
BIN_RELEASE := target/release/proxyshop

.PHONY: run dev test lint test-rust test-frontend e2e fuzz frontend openapi check-openapi fmt clean

## run: build the front end and the server, then serve everything on http://127.0.0.1:8080
## (top-ups through the local checkout, whose Pay button credits without payment: local only)
run: frontend
	$(CARGO) build --release -p server
	PROXYSHOP_LOCAL_CHECKOUT=true PROXYSHOP_STATIC_DIR=frontend/dist $(BIN_RELEASE) serve

## dev: the API (auto-reload when cargo-watch is installed) plus the Vite dev server on :5173
dev: frontend/node_modules
	@trap 'kill 0' INT TERM EXIT; export PROXYSHOP_LOCAL_CHECKOUT=true; \
	if command -v cargo-watch >/dev/null; then $(CARGO) watch -x 'run -p server -- serve' & \
	else $(CARGO) run -p server -- serve & fi; \
	cd frontend && VITE_API_URL=$${VITE_API_URL:-http://127.0.0.1:8080} $(NPM) run dev

## test: everything CI checks: formatting, lints, the import graphs (no loop), API types, Rust tests, front-end unit
## and browser tests, and schema fuzzing of the API
test: lint test-rust test-frontend e2e fuzz

lint: frontend/node_modules
	$(CARGO) fmt --all -- --check
	node --test scripts/import-graph.test.mjs
	node scripts/import-graph.mjs
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	cd frontend && $(NPM) run lint
	$(MAKE) check-openapi

## test-rust: crate tests on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set
test-rust:
	$(CARGO) test --workspace

test-frontend: frontend/node_modules
	cd frontend && $(NPM) test

## e2e: build the app and the server, then drive them in headless Chromium
e2e: frontend
	$(CARGO) build -p server
	cd frontend && PROXYSHOP_BIN=$(CURDIR)/$(BIN_DEBUG) $(NPM) run e2e

## fuzz: Schemathesis against the debug server, signed out and signed in (scripts/fuzz/run.sh;
## FUZZ_SECONDS per run, default 60), from a Python venv of pinned tools made on first use
TOOLS_VENV := .venv-tools
fuzz: $(TOOLS_VENV)/bin/schemathesis
	$(CARGO) build -p server
	FUZZ_VENV=$(TOOLS_VENV) scripts/fuzz/run.sh

$(TOOLS_VENV)/bin/schemathesis: scripts/fuzz/requirements.txt
	python3 -m venv $(TOOLS_VENV)
	$(TOOLS_VENV)/bin/pip install --quiet --disable-pip-version-check -r scripts/fuzz/requirements.txt
	@touch $@

frontend/node_modules: frontend/package-lock.json
	cd frontend && $(NPM) ci
	@touch $@

frontend: frontend/node_modules
	cd frontend && $(NPM) run build

## openapi: regenerate frontend/openapi.json and src/types/api.ts from the server's routes
openapi:
	$(CARGO) run -q -p server -- openapi > frontend/openapi.json
	cd frontend && $(NPM) run gen:api

## check-openapi: fail when the committed OpenAPI document or generated types are stale
check-openapi: frontend/node_modules
	$(CARGO) run -q -p server -- openapi > target/openapi.json
	@diff -q target/openapi.json frontend/openapi.json >/dev/null || \
	  { echo "frontend/openapi.json is stale: run 'make openapi'"; exit 1; }
	cd frontend && $(NPM) run check:api

fmt:
	$(CARGO) fmt --all

clean:
	$(CARGO) clean
	rm -rf frontend/dist frontend/node_modules
