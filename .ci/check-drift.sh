#!/usr/bin/env bash
# `ron drift` against `ron serve`: every safe operation of Schema/app-plane.openapi.json answers the
# documented type (exit 1 on drift, 2 when a call fails), checked with the generated types and
# again with the schema folder read at run time.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product ron 2>&1 | tail -1
ron=$(swift build --show-bin-path)/ron
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
base="http://127.0.0.1:$port"
"$ron" serve --port "$port" --quiet >/dev/null 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
    "$ron" call GET /healthz --base "$base" >/dev/null 2>&1 && break
    sleep 0.1
done
"$ron" drift --base "$base"
echo "no drift between the schema and ron serve"
# The same schema read at run time, as a user's own would be (`--schema`).
"$ron" drift --base "$base" --schema Schema --format json >/dev/null
echo "no drift with the schema read at run time (ron drift --schema Schema)"
