#!/usr/bin/env bash
# Puts bench/results/latest.md (written by bench/run.sh) into README.md, between the
# `<!-- bench:start -->` and `<!-- bench:end -->` lines, replacing what was there.
set -euo pipefail
cd "$(dirname "$0")/.."
latest=bench/results/latest.md
[[ -f $latest ]] || {
    echo "bench/publish.sh: no $latest; run bench/run.sh first" >&2
    exit 1
}
if ! grep -q '^<!-- bench:start -->$' README.md || ! grep -q '^<!-- bench:end -->$' README.md; then
    echo "bench/publish.sh: README.md lacks the bench:start/bench:end marker lines" >&2
    exit 1
fi
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk -v latest="$latest" '
    /^<!-- bench:start -->$/ { print; while ((getline line < latest) > 0) print line; skip = 1; next }
    /^<!-- bench:end -->$/ { skip = 0 }
    !skip { print }
' README.md >"$tmp"
cat "$tmp" >README.md
echo "README.md now shows $latest" >&2
