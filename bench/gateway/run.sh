#!/usr/bin/env bash
# Gateway vs direct on loopback: one TCP stream of BYTES (default 1 GB) to a local sink,
# straight and through the gateway's CONNECT tunnel (splice relay on Linux). Prints both rates
# and the ratio (target in DESIGN.md §6: >= 0.9). Not run in CI.
#   bench/gateway/run.sh            # 1 GB
#   BYTES=200000000 bench/gateway/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo run --quiet --release -p gateway --example throughput
