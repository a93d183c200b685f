#!/usr/bin/env bash
# The health of the traffic and the breakdowns at 5 million records of one customer
# (bench/usage/health.py): filled in SQL, summed into the rollups by the server's back-fill,
# each call timed through the server (p50 and p95). SQLite always; PostgreSQL too when
# TEST_DATABASE_URL is set (a database `proxyshop_bench_usage_<pid>` is created beside it and
# dropped afterwards). Not run by CI. Prints Markdown to stdout, progress to stderr:
#   bench/usage/health.sh                                  5M records, 20 calls each
#   BENCH_HEALTH_RECORDS=1000000 bench/usage/health.sh     another size
#   BENCH_BACKENDS=sqlite bench/usage/health.sh            one backend
#   PROXYSHOP_BIN=path bench/usage/health.sh               that server binary instead of the
#                                                          release build
#   PROXYSHOP_BIN=old PROXYSHOP_BIN_AFTER=new bench/usage/health.sh
#                                                          one fill timed with the old binary,
#                                                          then with the new one opening the
#                                                          same database (its migrations timed)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ -z ${PROXYSHOP_BIN:-} ]]; then
    echo "[bench/usage] building the server (release)" >&2
    cargo build --quiet --release -p server --bin proxyshop
    PROXYSHOP_BIN=${CARGO_TARGET_DIR:-target}/release/proxyshop
fi
export PROXYSHOP_BIN
python3 bench/usage/health.py
