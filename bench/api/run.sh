#!/usr/bin/env bash
# The API table of the benchmark: authenticated reads against a bare actix-web hello world
# (crates/api/examples/hello.rs) on this machine, in one run, with wrk; then the same reads
# while 20 sign-ins a second are being hashed. Prints Markdown to stdout, progress to stderr.
# Called by bench/run.sh; runs on its own too:
#   bench/api/run.sh                 6 s per measurement, 3 rounds (medians)
#   BENCH_QUICK=1 bench/api/run.sh   3 s per measurement, 3 rounds
# Needs wrk (Debian's package; installed when missing, as root) and python3.
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v wrk >/dev/null; then
    echo "[bench/api] installing wrk" >&2
    apt-get install -y wrk >/dev/null
fi
echo "[bench/api] building the server and the hello example (release)" >&2
cargo build --quiet --release -p server --bin proxyshop
cargo build --quiet --release -p api --example hello
exec python3 bench/api/measure.py
