# ProxyShop entry points. `make run` starts the whole product on the embedded default;
# `make test` runs every test. See README.md.

CARGO ?= cargo
NPM   ?= npm
BIN_DEBUG   := target/debug/proxyshop
BIN_RELEASE := target/release/proxyshop

.PHONY: run dev test lint lint-other lint-static frontend-checks clippy test-rust build-tests run-tests-rust test-frontend e2e \
	run-e2e fuzz run-fuzz server-bin frontend openapi check-openapi fmt clean

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

## test: everything CI checks, in two steps. First the builds beside the front end's own
## checks: the Rust tests (once, with the server binary they start, compiled with clippy's lints),
## the fuzzer's tools, and on the side the front end's build, then its lints with the repository's
## (fmt, the import graphs: no loop, the crate rule, ESLint and types), then its unit tests. The
## Rust build leaves a core idle for long stretches (one large crate compiles on one thread), and the
## front end's chain fits in it. Then the Rust tests, the browser tests, the schema fuzzing and the
## API document check side by side: they share the builds and nothing else (each starts its own
## servers and databases). The front-end unit tests run before the Rust tests, not beside them: on
## two cores shared with eight Rust tests, the browser and the fuzzer, a screen's first render took
## long enough to reach their waits. The front end's packages are installed at the head of its
## chain, beside the Rust build: on a fresh clone `npm ci` took 35 s, mostly waiting on the
## network and the disk, and nothing else started until it ended.
test:
	$(LINTED) $(MAKE) -j3 --output-sync=target build-tests frontend-checks \
	  $(TOOLS_VENV)/bin/schemathesis
	$(if $(LINTED),,$(MAKE) clippy)
	$(LINTED) $(MAKE) -j4 --output-sync=target run-tests-rust run-e2e run-fuzz check-openapi \
	  SERVER=$(BIN_DEBUG) FUZZ_SECONDS=$(or $(FUZZ_SECONDS),50)

# The front end's build, then the lints that need no Rust build, then the front end's unit tests,
# one after the other (each would take both cores if it could).
frontend-checks: frontend
	$(MAKE) lint-static
	$(MAKE) test-frontend

# The test build compiles the workspace's own crates with clippy-driver, the rustc with clippy's
# lints that `cargo clippy` runs (as RUSTC_WORKSPACE_WRAPPER, the lints in CLIPPY_ARGS): one
# compilation gives the lints of every target and the test binaries, where `make lint` then
# checked the whole workspace a second time (130 s of the two cores in CI). The same variables
# must reach every cargo command of `make test`: without them cargo would see a different
# compiler and build the workspace again. Without clippy-driver, `make lint` runs clippy. The
# test build compiles the examples too (`cargo test` builds every example to check it compiles),
# so their lints come with it.
CLIPPY_DRIVER := $(shell rustup which clippy-driver 2>/dev/null || command -v clippy-driver)
ifneq ($(CLIPPY_DRIVER),)
LINTED := RUSTC_WORKSPACE_WRAPPER=$(CLIPPY_DRIVER) \
	CLIPPY_ARGS=-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__
endif

# The server binary that the browser tests, the fuzzing and the API document check run. Unset,
# they build it with `cargo build -p server`; `make test` passes the one its test build made
# (`cargo nextest run --no-run` builds the binary beside the tests that start it).
SERVER ?=
SERVER_BIN = $(or $(SERVER),$(BIN_DEBUG))

server-bin:
ifeq ($(SERVER),)
	$(CARGO) build -p server
endif

## lint: fmt, the import graphs (no loop of any length), the crate rule, clippy, the front end's
## lints and types, and the committed API document
lint: clippy lint-other

clippy:
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Everything `lint` checks but clippy (`make test` has its lints from the test build).
lint-other: lint-static check-openapi

# The lints that need no Rust build.
lint-static: frontend/node_modules
	$(CARGO) fmt --all -- --check
	node --test scripts/import-graph.test.mjs
	node scripts/import-graph.mjs
	node scripts/crate-deps.mjs
	cd frontend && $(NPM) run lint

## test-rust: the crates' unit and integration tests on SQLite, and on PostgreSQL too when
## TEST_DATABASE_URL is set; with cargo-nextest (each test in its own process, .config/nextest.toml)
## when it is installed, otherwise `cargo test`
test-rust: build-tests
	$(MAKE) run-tests-rust

NEXTEST := $(shell $(CARGO) nextest --version >/dev/null 2>&1 && echo yes)
ifeq ($(NEXTEST),yes)
build-tests:
	$(CARGO) nextest run --workspace --no-run
run-tests-rust:
	$(CARGO) nextest run --workspace
else
build-tests:
	$(CARGO) test --workspace --no-run
run-tests-rust:
	$(CARGO) test --workspace
endif

test-frontend: frontend/node_modules
	cd frontend && $(NPM) test

## e2e: build the app and the server, then drive them in headless Chromium
e2e: frontend server-bin
	$(MAKE) run-e2e

run-e2e:
	cd frontend && E2E_SKIP_BUILD=1 PROXYSHOP_BIN=$(abspath $(SERVER_BIN)) $(NPM) run e2e

## fuzz: Schemathesis against the debug server, signed out and signed in (scripts/fuzz/run.sh;
## FUZZ_SECONDS per run, default 60; 50 under `make test`, where the phases run about as long as
## they did at 60 s with the empty examples phase), from a Python venv of pinned tools made on
## first use
TOOLS_VENV := .venv-tools
fuzz: server-bin
	$(MAKE) run-fuzz

run-fuzz: $(TOOLS_VENV)/bin/schemathesis
	FUZZ_VENV=$(TOOLS_VENV) PROXYSHOP_BIN=$(SERVER_BIN) scripts/fuzz/run.sh

$(TOOLS_VENV)/bin/schemathesis: scripts/fuzz/requirements.txt
	python3 -m venv $(TOOLS_VENV)
	$(TOOLS_VENV)/bin/pip install --quiet --disable-pip-version-check -r scripts/fuzz/requirements.txt
	@touch $@

frontend/node_modules: frontend/package-lock.json
	cd frontend && $(NPM) ci --no-audit --no-fund
	@touch $@

frontend: frontend/node_modules
	cd frontend && $(NPM) run build

## openapi: regenerate frontend/openapi.json and src/types/api.ts from the server's routes
openapi:
	$(CARGO) run -q -p server -- openapi > frontend/openapi.json
	cd frontend && $(NPM) run gen:api

## check-openapi: fail when the committed OpenAPI document or generated types are stale
check-openapi: frontend/node_modules server-bin
	@mkdir -p target
	$(SERVER_BIN) openapi > target/openapi.json
	@diff -q target/openapi.json frontend/openapi.json >/dev/null || \
	  { echo "frontend/openapi.json is stale: run 'make openapi'"; exit 1; }
	cd frontend && $(NPM) run check:api

fmt:
	$(CARGO) fmt --all

clean:
	$(CARGO) clean
	rm -rf frontend/dist frontend/node_modules
