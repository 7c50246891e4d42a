#!/usr/bin/env bash
# `ron drift` against `ron serve`: every safe operation of Schema/app-plane.openapi.json answers the
# documented type (exit 1 on drift, 2 when a call fails), checked with the generated types and
# again with the schema folder read at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product ron 2>&1 | tail -1
ron=$(swift build --show-bin-path)/ron
log=$(mktemp)
# ron serve picks its own port and says which on its first line (no race for a port chosen beforehand).
"$ron" serve --port 0 --quiet >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log"' EXIT
base=""
for _ in $(seq 1 300); do
    base=$(sed -n 's|^RON App Plane gateway listening on \(http://[^ ]*\) .*|\1|p' "$log")
    [ -n "$base" ] && break
    sleep 0.1
done
[ -n "$base" ] || { echo "error: ron serve did not start"; cat "$log"; exit 1; }
"$ron" drift --base "$base"
echo "no drift between the schema and ron serve"
# The same schema read at run time, as a user's own would be (`--schema`).
"$ron" drift --base "$base" --schema Schema --format json >/dev/null
echo "no drift with the schema read at run time (ron drift --schema Schema)"
