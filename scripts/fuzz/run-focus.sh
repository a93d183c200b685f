#!/usr/bin/env bash
# Schema fuzzing of the OpenAPI document with Schemathesis, signed out and then signed in as an
# admin with an API key: no 5xx, every answer's status, content type and body as documented,
# 401 without credentials where the document asks for them, 405 for undocumented methods, and
# request schemas as strict as the validation (schema-valid requests accepted, invalid ones
# refused; the exceptions no schema can state are in schemathesis.toml).
# Starts the debug server on a free loopback port with a throwaway SQLite data dir.
#
#   scripts/fuzz/run.sh [SECONDS_PER_RUN]      (default 60; `make fuzz` calls it)
#
# Needs target/debug/proxyshop and the tools venv (`make fuzz` builds and creates both).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-${FUZZ_SECONDS:-60}}"
bin="${PROXYSHOP_BIN:-target/debug/proxyshop}"
st="${FUZZ_VENV:-.venv-tools}/bin/schemathesis"

data=$(mktemp -d)
server=""
cleanup() {
  [[ -n "$server" ]] && kill "$server" 2>/dev/null && wait "$server" 2>/dev/null
  rm -rf "$data"
}
trap cleanup EXIT

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
url="http://127.0.0.1:$port"
export PROXYSHOP_DATABASE_URL="sqlite://$data/proxyshop.db" PROXYSHOP_DATA_DIR="$data"
PROXYSHOP_ADDR="127.0.0.1:$port" PROXYSHOP_PUBLIC_URL="$url" \
  PROXYSHOP_GATEWAY_HTTP_ADDR=127.0.0.1:0 PROXYSHOP_GATEWAY_SOCKS_ADDR=127.0.0.1:0 PROXYSHOP_LOCAL_CHECKOUT=true \
  PROXYSHOP_PASSWORD_HASHING_NORMAL_PRIORITY=true \
  "$bin" serve >"$data/server.log" 2>&1 &
server=$!
for _ in $(seq 1 100); do curl -fsS "$url/healthz" >/dev/null 2>&1 && break; sleep 0.2; done
curl -fsS "$url/healthz" >/dev/null || { cat "$data/server.log"; exit 1; }

# A signed-in admin (cookie) and a key with every scope, for the signed-in run.
password="Fuzz@$(python3 -c 'import secrets; print(secrets.token_hex(8))')"
"$bin" create-admin --email fuzz@example.com --password "$password" >/dev/null
curl -fsS -c "$data/jar" -H 'Content-Type: application/json' \
  -d "{\"email\":\"fuzz@example.com\",\"password\":\"$password\"}" "$url/api/login" >/dev/null
FUZZ_SESSION=$(awk '$6 == "proxyshop_session" {print $7}' "$data/jar")
FUZZ_KEY=$(curl -fsS -b "$data/jar" -H 'Content-Type: application/json' \
  -d '{"name":"fuzz","scopes":["read","generate","buy"]}' "$url/api/user/api-keys" |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["key"])')
export FUZZ_SESSION FUZZ_KEY

# One worker: the coverage phase parses with `ast` and can trip over CPython 3.11 under threads.
# No examples phase: the document has no examples, and the phase skipped every operation while
# taking 10-13 s of the budget under CI's load (the coverage and fuzzing phases get that time).
common=(--url "$url" --max-time "$seconds" --workers 1 --checks all
  --phases coverage,fuzzing,stateful
  --suppress-health-check all --warnings off)

# Both runs share the settings (operations that may refuse valid data for reasons no schema
# states); the signed-in one adds the credentials.
cat scripts/fuzz/schemathesis.toml scripts/fuzz/signed-in.toml >"$data/signed-in.toml"

status=0
echo "== fuzzing signed out ($seconds s)"
"$st" --config-file scripts/fuzz/schemathesis.toml run "$url/api/openapi.json" "${common[@]}" --include-path-regex "$FOCUS" ||
  status=1
echo "== fuzzing signed in as an admin with an API key ($seconds s)"
# Without the operations that would end the fuzzing session itself: logging out, and disabling
# or demoting an account (the fuzzer's own admin is one of the ids it tries).
"$st" --config-file "$data/signed-in.toml" run "$url/api/openapi.json" "${common[@]}" --include-path-regex "$FOCUS" \
  --exclude-path-regex '/logout$|/users/\{id\}/(disable|role)$' || status=1
# Errors of ours fail the run. actix-http logs a request whose bytes do not parse (a header the
# fuzzer made invalid) at ERROR as "request parse error" and answers 400 itself: that is the
# client's fault, not the server's, so those lines are left out.
errors=$(grep '"level":"ERROR"\| ERROR ' "$data/server.log" | grep -v 'request parse error' || true)
if [[ -n "$errors" ]]; then
  echo "the server logged errors while fuzzed:"; echo "$errors" | head -20
  status=1
fi
exit "$status"
