#!/usr/bin/env bash
# Gateway vs direct on loopback (target: gateway/direct >= 0.9, with splice(2) and exact
# counts; tinyproxy reaches about 0.33 here, squid and microsocks 0.25): one TCP stream of
# BYTES (default 1 GB) from a client process to a sink process, directly, through the gateway's
# CONNECT tunnel (its own process, as deployed) and through a plain blocking splice relay (the
# ceiling without tokio, auth or metering). Several runs, medians; also ping round trips and
# connect-to-first-byte; checks that the gateway metered every byte. Not run in CI.
# bench/run.sh is the full comparison with the proxies resellers run (tinyproxy, squid, ...).
#   bench/gateway/run.sh                       # 1 GB, 5 runs
#   BYTES=200000000 bench/gateway/run.sh --runs 9
#   BENCH_PURCHASED=1000000000000 BENCH_EXPECTED_NODES=625 bench/gateway/run.sh  # 16 MB leases
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --quiet --release -p gateway --example throughput
exec target/release/examples/throughput "$@"
