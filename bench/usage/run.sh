#!/usr/bin/env bash
# The usage records at size: one customer with 100k and 1M connection records (spread over 30
# days, 2,000 hosts), and the customer's reads of them timed through the running server: the
# list's first page, a deep page (page 150 of 50) by number and by cursor, the CSV export of the
# 30 days, the breakdowns by host, credential, day and hour, and the daily chart (with rollups:
# their back-fill from the filled records too, as on an upgrade). SQLite always; PostgreSQL too
# when TEST_DATABASE_URL is set (a database `proxyshop_bench_usage_<pid>` is created beside it
# and dropped afterwards).
# Not run by CI. Prints Markdown to stdout, progress to stderr:
#   bench/usage/run.sh                       100k and 1M records, 3 calls each (medians)
#   BENCH_SIZES=100000 bench/usage/run.sh    the sizes to fill, comma-separated
#   BENCH_CALLS=1 bench/usage/run.sh         one call each (a slow build)
#   BENCH_SKIP_CSV=1 bench/usage/run.sh      without the CSV export (also BENCH_CSV=0)
#   PROXYSHOP_BIN=path bench/usage/run.sh    time that server binary instead of building the
#                                            release one (e.g. a checkout of an older commit)
set -euo pipefail
cd "$(dirname "$0")/../.."
if [[ -z ${PROXYSHOP_BIN:-} ]]; then
    echo "[bench/usage] building the server (release)" >&2
    cargo build --quiet --release -p server --bin proxyshop
    PROXYSHOP_BIN=target/release/proxyshop
fi
export PROXYSHOP_BIN
exec python3 bench/usage/measure.py
