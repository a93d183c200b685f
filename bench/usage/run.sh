#!/usr/bin/env bash
# The usage records at size: one customer with 100k and 1M connection records (spread over 30
# days, 2,000 hosts), and the customer's reads of them timed through the running server: the
# list's first page, a deep page (page 150 of 50) by number and by cursor, the CSV export of the
# 30 days, the breakdowns by host, credential, day and hour, and the daily chart (with rollups:
# their back-fill from the filled records too, as on an upgrade). SQLite always; PostgreSQL too
# when TEST_DATABASE_URL is set (a database `proxyshop_bench_usage_<pid>` is created beside it
# and dropped afterwards). Then a purchase's time while the server purges the records older than a
# day, and the rate at which one gateway node records short connections, sustained
# (crates/gateway/examples/record_rate.rs: records lost, rollups and charged bytes against what
# was served).
# Not run by CI. Prints Markdown to stdout, progress to stderr:
#   bench/usage/run.sh                       100k and 1M records, 3 calls each (medians)
#   BENCH_SIZES=100000 bench/usage/run.sh    the sizes to fill, comma-separated
#   BENCH_CALLS=1 bench/usage/run.sh         one call each (a slow build)
#   BENCH_SKIP_CSV=1 bench/usage/run.sh      without the CSV export (also BENCH_CSV=0)
#   BENCH_PURGE=0 bench/usage/run.sh         without the purchases during the purge
#   BENCH_RECORD_RATE=5000 BENCH_RECORD_SECONDS=30 bench/usage/run.sh
#                                            the record rate's connections a second and how
#                                            long (BENCH_RECORD_RATE=0 leaves it out)
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
python3 bench/usage/measure.py
rate=${BENCH_RECORD_RATE:-5000}
if [[ $rate != 0 ]]; then
    echo "[bench/usage] building the record rate's client and gateway (release)" >&2
    cargo build --quiet --release -p gateway --example record_rate
    seconds=${BENCH_RECORD_SECONDS:-30}
    echo
    echo "One gateway node recording short connections (one GET each) at $rate a second for $seconds s."
    echo
    header=--header
    backends=(sqlite)
    [[ -n ${TEST_DATABASE_URL:-} && ${BENCH_BACKENDS:-sqlite,postgresql} == *postgresql* ]] && backends+=(postgresql)
    for backend in "${backends[@]}"; do
        target/release/examples/record_rate --backend "$backend" --rate "$rate" --seconds "$seconds" $header
        header=
    done
fi
