#!/usr/bin/env bash
# `ron drift` against `ron serve`: every operation of Schema/app-plane.openapi.json answers the
# documented type (exit 1 on drift, 2 when a call fails), checked with the generated types and again
# with the schema folder read at run time (which also judges each answer against the description:
# --strict fails a tolerated one). ron serve is this script's own, so --unsafe may change it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product ron 2>&1 | tail -1
ron=$(swift build --show-bin-path)/ron
log=$(mktemp)
out=$(mktemp)
# ron serve picks its own port and says which on its first line (no race for a port chosen beforehand).
# The example facets give getFacetResource something to answer.
"$ron" serve --port 0 --quiet --facets docs/examples/facets --root docs/examples/facets >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; rm -f "$log" "$out"' EXIT
base=""
for _ in $(seq 1 300); do
    base=$(sed -n 's|^RON App Plane gateway listening on \(http://[^ ]*\) .*|\1|p' "$log")
    [ -n "$base" ] && break
    sleep 0.1
done
[ -n "$base" ] || { echo "error: ron serve did not start"; cat "$log"; exit 1; }
# The description's example facet (hello/ping) is not among the examples: the echo facet's route is.
values=(--value getFacetResource.id=echoer --value getFacetResource.path=who)
# expect TEXT: the report in $out has this line.
expect() { grep -qxF -- "$1" "$out" || { cat "$out"; echo "error: expected the line: $1"; exit 1; }; }
"$ron" drift --base "$base" "${values[@]}" | tee "$out"
expect "drift: 5 GET operations: 5 called (5 fit, 0 drifted, 0 tolerated), 0 skipped"
expect "drift: 2 other operations: 0 called (0 fit, 0 drifted, 0 tolerated), 2 skipped (changes the server: 2)"
echo "no drift between the schema and ron serve"
# The same schema read at run time, as a user's own would be (`--schema`).
"$ron" drift --base "$base" --schema Schema --strict --format json "${values[@]}" >/dev/null 2>"$out"
expect "drift: 5 GET operations: 5 called (5 fit, 0 drifted, 0 tolerated), 0 skipped"
echo "no drift with the schema read at run time (ron drift --schema Schema --strict)"
# And what changes the server: echo is called, postFacetResource names an item drift did not create.
"$ron" drift --base "$base" --schema Schema --strict --unsafe "${values[@]}" | tee "$out"
expect "ok        echo (POST /echo): 200 EchoReply"
echo "no drift with --unsafe"
