#!/usr/bin/env bash
# The public benchmark: the gateway against the proxies resellers run, on this machine's
# loopback, in one run, as one Markdown table.
#
#   bench/run.sh            full: 1 GB streams, 5 rounds, 2,000 connections per protocol,
#                           1,000 idle tunnels, 10,000 tunnels churned (about 10 minutes)
#   bench/run.sh --quick    200 MB streams, 3 rounds, fewer connections (a few minutes)
#
# Installs the peers from Debian's packages when they are missing (tinyproxy, squid,
# microsocks, dante-server, and 3proxy when the archive has it; needs root), starts each from a
# config written to a temporary directory, bound to 127.0.0.1, logging off or to that
# directory, and stops it afterwards by its pid. Our own roles (the sink that sources and
# counts bytes, the gateway as deployed in a process of its own, the bare splice relay, and for
# the chained rows an upstream standing in for a provider with the gateway relaying through it
# as a pool against the bare relay chained to it) are started by the benchmark client, crates/gateway/examples/throughput (`--compare`).
# Then the API table (bench/api/run.sh) and the landing's first-load size
# (frontend/scripts/landing-size.mjs), when present.
#
# Progress goes to stderr, the Markdown to stdout and to
# bench/results/<UTC date>-<host>-<commit>.md, copied to bench/results/latest.md;
# bench/publish.sh puts latest.md into the README.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=0
failed=0
for arg in "$@"; do
    case $arg in
    --quick) quick=1 ;;
    -h | --help)
        sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
        exit 0
        ;;
    *)
        echo "bench/run.sh: unknown option $arg (try --help)" >&2
        exit 2
        ;;
    esac
done

log() { printf '[bench] %s\n' "$*" >&2; }
die() {
    printf '[bench] FAILED: %s\n' "$*" >&2
    exit 1
}

if ((quick)); then
    mode="quick"
    opts=(--bytes 200000000 --runs 3 --streams 100 --connects 500 --idle 500 --churn 2000 --hold 1000)
else
    mode="full"
    opts=(--bytes 1000000000 --runs 5 --streams 100 --connects 2000 --idle 1000 --churn 10000 --hold 2000)
fi

work=$(mktemp -d /tmp/proxyshop-bench.XXXXXX)
# Squid drops to the `proxy` user and must still write its log and pid file here.
chmod 0777 "$work"
pids=()
# shellcheck disable=SC2317  # run by the EXIT trap
cleanup() {
    local pid
    for pid in "${pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    rm -rf "$work"
}
trap cleanup EXIT

# --- peers: installed when missing --------------------------------------------------------
declare -A missing=()
apt_updated=0
apt_install() {
    DEBIAN_FRONTEND=noninteractive apt-get install -y "$1" >>"$work/apt.log" 2>&1
}
# ensure_installed PACKAGE BINARY: returns 1 (and records why) when BINARY cannot be had.
ensure_installed() {
    local package=$1 binary=$2
    command -v "$binary" >/dev/null && return 0
    if ! command -v apt-get >/dev/null; then
        missing[$package]="not installed, and no apt-get here"
        return 1
    fi
    if ((EUID != 0)); then
        missing[$package]="not installed, and installing needs root"
        return 1
    fi
    if ! apt-cache show "$package" >/dev/null 2>&1; then
        missing[$package]="not in this machine's Debian archive"
        return 1
    fi
    log "installing $package"
    if ! apt_install "$package"; then
        if ((apt_updated == 0)); then
            apt_updated=1
            apt-get update >>"$work/apt.log" 2>&1 || true
        fi
        if ! apt_install "$package"; then
            missing[$package]="apt-get install $package failed ($(tail -n 1 "$work/apt.log"))"
            return 1
        fi
    fi
    command -v "$binary" >/dev/null || {
        missing[$package]="installed, but no $binary on PATH"
        return 1
    }
}

# A free loopback port: one nothing answers on.
free_port() {
    local port
    while :; do
        port=$((10000 + RANDOM % 20000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
}

# wait_listening NAME PID PORT LOG: fails loudly if the peer exits or never listens.
wait_listening() {
    local name=$1 pid=$2 port=$3 logfile=$4
    for _ in $(seq 100); do
        if ! kill -0 "$pid" 2>/dev/null; then
            cat "$logfile" >&2 || true
            die "$name exited at start (its output is above)"
        fi
        if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            return 0
        fi
        sleep 0.1
    done
    cat "$logfile" >&2 || true
    die "$name did not listen on 127.0.0.1:$port within 10 s"
}

peers=()
versions=()
# start NAME KIND PORT COMMAND...: runs the peer in the background and records it.
start() {
    local name=$1 kind=$2 port=$3
    shift 3
    "$@" >"$work/$name.out" 2>&1 &
    local pid=$!
    pids+=("$pid")
    wait_listening "$name" "$pid" "$port" "$work/$name.out"
    peers+=(--peer "$name=$kind:127.0.0.1:$port:$pid")
    log "$name listening on 127.0.0.1:$port (pid $pid)"
}

version_of() { dpkg-query -W -f='${Version}' "$1" 2>/dev/null || echo "?"; }

if ensure_installed tinyproxy tinyproxy; then
    port=$(free_port)
    cat >"$work/tinyproxy.conf" <<EOF
Port $port
Listen 127.0.0.1
Timeout 600
MaxClients 10000
LogLevel Critical
LogFile "$work/tinyproxy.log"
Allow 127.0.0.1
DisableViaHeader Yes
EOF
    start tinyproxy http "$port" tinyproxy -d -c "$work/tinyproxy.conf"
    versions+=("tinyproxy $(version_of tinyproxy)")
else
    peers+=(--peer "tinyproxy=missing:${missing[tinyproxy]}")
fi

if ensure_installed squid squid; then
    port=$(free_port)
    cat >"$work/squid.conf" <<EOF
http_port 127.0.0.1:$port
http_access allow localhost
http_access deny all
cache deny all
access_log none
cache_store_log none
cache_log $work/squid-cache.log
debug_options ALL,0
logfile_rotate 0
pid_filename $work/squid.pid
coredump_dir $work
cache_effective_user proxy
max_filedescriptors 20000
shutdown_lifetime 0 seconds
EOF
    # -N: in the foreground, one process (no daemon, no SMP workers).
    start squid http "$port" squid -N -f "$work/squid.conf"
    versions+=("squid $(version_of squid)")
else
    peers+=(--peer "squid=missing:${missing[squid]}")
fi

if ensure_installed microsocks microsocks; then
    port=$(free_port)
    start microsocks socks "$port" microsocks -i 127.0.0.1 -p "$port"
    versions+=("microsocks $(version_of microsocks)")
else
    peers+=(--peer "microsocks=missing:${missing[microsocks]}")
fi

if ensure_installed dante-server danted; then
    port=$(free_port)
    # Dante binds each outgoing socket to its external address before it connects, and bind()
    # cannot take a port that any socket on that address holds in TIME_WAIT. On 127.0.0.1 the
    # run's own closed tunnels (two ports each, 60 s in TIME_WAIT) use up the ephemeral range
    # and dante refused requests ("network unreachable") late in its churn, even after the
    # earlier targets' ports had drained; from 127.0.0.2 (loopback too) only its own count.
    cat >"$work/danted.conf" <<EOF
logoutput: $work/danted.log
internal: 127.0.0.1 port = $port
external: 127.0.0.2
clientmethod: none
socksmethod: none
user.privileged: root
user.unprivileged: nobody
client pass {
    from: 127.0.0.0/8 to: 0.0.0.0/0
}
socks pass {
    from: 127.0.0.0/8 to: 0.0.0.0/0
    command: connect
}
EOF
    start dante socks "$port" danted -f "$work/danted.conf" -p "$work/danted.pid"
    versions+=("dante-server $(version_of dante-server)")
else
    peers+=(--peer "dante=missing:${missing[dante-server]}")
fi

# 3proxy only when the archive carries it (Debian 12 does not): a row saying so otherwise.
if ensure_installed 3proxy 3proxy; then
    port=$(free_port)
    cat >"$work/3proxy.cfg" <<EOF
nserver 127.0.0.1
maxconn 10000
auth none
allow *
proxy -p$port -i127.0.0.1 -e127.0.0.1
EOF
    start 3proxy http "$port" 3proxy "$work/3proxy.cfg"
    versions+=("3proxy $(version_of 3proxy)")
else
    peers+=(--peer "3proxy=missing:${missing[3proxy]}")
fi

# --- the measurement ------------------------------------------------------------------------
log "building the benchmark client (release)"
cargo build --quiet --release -p gateway --example throughput
log "measuring ($mode mode)"
target/release/examples/throughput --compare "${opts[@]}" "${peers[@]}" >"$work/proxies.md" ||
    die "the benchmark client failed (its messages are above)"

api="bench/api/run.sh is not there yet: no API table."
if [[ -x bench/api/run.sh ]]; then
    log "API table (bench/api/run.sh)"
    # A failure here is reported in the table and the exit status, without losing the rest.
    if BENCH_QUICK=$quick bench/api/run.sh >"$work/api.md" 2> >(tee "$work/api.err" >&2); then
        api=$(cat "$work/api.md")
    else
        failed=1
        log "FAILED: bench/api/run.sh (the report says so)"
        api="bench/api/run.sh failed; its last messages: $(tail -n 3 "$work/api.err" | tr '\n' ' ')"
    fi
fi

landing="frontend/scripts/landing-size.mjs, node or the front end's packages are missing: no landing size."
if [[ -f frontend/scripts/landing-size.mjs && -d frontend/node_modules ]] && command -v node >/dev/null; then
    # Built from the current sources into the temporary directory (frontend/dist is left alone),
    # compressed as the release build does, then weighed.
    log "building the front end for the landing size"
    (cd frontend && npx vite build --outDir "$work/dist" --emptyOutDir &&
        node scripts/precompress.mjs "$work/dist") >"$work/frontend-build.log" 2>&1 ||
        die "the front-end build failed: $(tail -n 5 "$work/frontend-build.log")"
    # It may exit non-zero past its target; the figure is reported either way.
    weights=$(node frontend/scripts/landing-size.mjs "$work/dist" 2>&1 || true)
    fence='```'
    landing=$(printf '%s\n\n%s\n%s\n%s' "$(grep '^landing' <<<"$weights" || true)" "$fence" "$weights" "$fence")
fi

# --- the report -----------------------------------------------------------------------------
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
ram=$(awk '/^MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo)
host=$(hostname -s 2>/dev/null || cat /etc/hostname)
day=$(date -u +%Y-%m-%d)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo "?")
if ! git diff --quiet HEAD -- crates 2>/dev/null; then
    commit="$commit with local changes"
fi
if ((quick)); then
    sizes="200 MB per stream, 3 rounds; 500 connections per protocol; 500 idle tunnels; 2,000 tunnels churned"
else
    sizes="1 GB per stream, 5 rounds; 2,000 connections per protocol; 1,000 idle tunnels; 10,000 tunnels churned"
fi
peers_line=$(
    IFS=,
    echo "${versions[*]}"
)
report="$work/report.md"
{
    echo "### Proxies on loopback, $day ($mode mode)"
    echo
    echo "$cpu, $(nproc) cores, $ram RAM; Linux $(uname -r); $(rustc --version 2>/dev/null || echo "rustc ?");"
    echo "gateway at commit $commit; peers: ${peers_line//,/, } (Debian packages)."
    echo "Sizes: $sizes."
    echo
    cat "$work/proxies.md"
    echo
    echo "Single stream and 100 streams: throughput through each proxy over a direct transfer"
    echo "in the same round (median of the rounds), and MB/s. Setup: new connections one after"
    echo "another, each timed from connect to its first 64-byte echo through the tunnel (rate,"
    echo "p50, p99: bound by how fast this machine wakes a process), then the same connections"
    echo "made by 8 clients at once (rate: what the machine takes with the proxy in the path;"
    echo "client, sink and proxy share its cores). CPU per connection: user + system time of"
    echo "the proxy's processes over both, per connection (ticks of 10 ms, so about ±5 %), and"
    echo "its user part: the system part is mostly the kernel's TCP work for the tunnel's two"
    echo "connections, which every relay pays; the user part is the proxy's own code. HTTP"
    echo "proxies get CONNECT, SOCKS proxies SOCKS5, the gateway both, authenticating every"
    echo "connection with the customer's proxy credentials; the peers run without"
    echo "authentication, and so does the row \"allowlisted address\": the same gateway"
    echo "entered without credentials from an address on the customer's IP allowlist, the"
    echo "handshake the peers get (for SOCKS5 one round trip fewer). Memory: RSS summed over the"
    echo "proxy's processes, per idle tunnel (each with a 64-byte exchange done) and after the"
    echo "churn. CPU s/GB: user + system time of the proxy's processes during the single-stream"
    echo "transfers, per GB carried. Peers log nothing or only errors. The chained rows put a"
    echo "local upstream (an HTTP CONNECT proxy built like the bare relay, standing in for a"
    echo "provider) behind a second gateway, as its Premium pool, and behind the bare relay"
    echo "passing CONNECT on: the sentence under the table compares the two."
    echo
    echo "### API"
    echo
    echo "$api"
    echo
    echo "### Landing"
    echo
    echo "$landing"
} >"$report"

mkdir -p bench/results
# Named by day, host and commit: a second run on the same day, of other code, keeps the first.
name="$day-$host-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
out="bench/results/$name.md"
if ((quick)); then
    # A quick run does not replace the full one.
    out="bench/results/$name-quick.md"
fi
cp "$report" "$out"
cp "$report" bench/results/latest.md
cat "$report"
log "written to $out and bench/results/latest.md (bench/publish.sh puts it in the README)"
exit "$failed"
