#!/usr/bin/env bash
# Runs the examples against `ron serve`: cli-hello (its own package, built here), the app-style
# example (a target of this package, already built by .ci/run in .build) and the testing fixtures.
# With --hummingbird-proxy, runs the Hummingbird proxy instead (a target built only with the
# Hummingbird trait: .ci/run builds .build with all traits after every step that needs it without).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
traits=AsyncHTTPClient,Metrics,Tracing,Vapor,Hummingbird
proxy=false
[ "${1:-}" = --hummingbird-proxy ] && proxy=true
if $proxy; then bin=$(swift build --traits "$traits" --show-bin-path); else bin=$(swift build --show-bin-path); fi
# The proxy calls `ron serve`; .ci/run's build without traits made it (it has no trait code).
if $proxy && [ ! -x "$bin/ron" ]; then swift build --traits "$traits" --product ron 2>&1 | tail -1; fi
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
wait_for() { # url: until it answers, at most 30 s
    for _ in $(seq 1 300); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.1; done
    echo "error: $1 did not answer"; exit 1
}

# `ron serve` picks its own port (no race with another process for a port chosen beforehand) and
# says which on its first line: serve LOG ARGS... starts it and sets $address.
serve() {
    local log=$1
    shift
    "$bin/ron" serve --port 0 --quiet "$@" > "$log" 2>&1 &
    pids+=($!)
    address=""
    for _ in $(seq 1 300); do
        address=$(sed -n 's|^RON App Plane gateway listening on \(http://[^ ]*\) .*|\1|p' "$log")
        [ -n "$address" ] && return 0
        sleep 0.1
    done
    echo "error: ron serve did not start"; cat "$log"; exit 1
}

serve "$work/serve.log"
export RON_SDK_GATEWAY_ADDR="$address" RON_SDK_INSECURE_HTTP=1
wait_for "$RON_SDK_GATEWAY_ADDR/app/healthz"

if $proxy; then
    echo "-- hummingbird-proxy"
    proxy_port=$(free_port)
    PORT=$proxy_port "$bin/example-hummingbird-proxy" > "$work/proxy.log" 2>&1 &
    pids+=($!)
    proxy="http://127.0.0.1:$proxy_port"
    wait_for "$proxy/hello"
    curl -fsS "$proxy/hello"; echo
    curl -fsS "$proxy/items"; echo
    status=$(curl -sS -o "$work/missing.json" -w '%{http_code}' -H 'x-correlation-id: ci-proxy-1' -D "$work/missing.h" "$proxy/missing")
    [ "$status" = 404 ] || { echo "error: /missing answered $status"; exit 1; }
    grep -qi '^x-correlation-id: ci-proxy-1' "$work/missing.h" || { echo "error: no correlation id"; exit 1; }
    python3 -c 'import json,sys; p=json.load(open(sys.argv[1])); assert p["code"]=="NOT_FOUND" and p["correlation_id"]=="ci-proxy-1", p' "$work/missing.json"
    echo "proxy passes the gateway's 404 on as problem JSON with the caller's correlation id"
    echo "the Hummingbird proxy example passed"
    exit 0
fi

echo "-- cli-hello (its own package)"
(cd examples/cli-hello && swift build 2>&1 | tail -1)
hello_bin=$(cd examples/cli-hello && swift build --show-bin-path)/cli-hello
"$hello_bin"
dead=$(free_port)
if RON_SDK_GATEWAY_ADDR="http://127.0.0.1:$dead" "$hello_bin" 2> "$work/dead.err"; then
    echo "error: cli-hello succeeded against a closed port"; exit 1
fi
grep -q "connect_failed" "$work/dead.err" || { cat "$work/dead.err"; echo "error: no connect_failed"; exit 1; }
echo "cli-hello exits non-zero on failure: $(cat "$work/dead.err")"

echo "-- app-notes"
"$bin/example-app-notes"

echo "-- testing-fixtures (ron serve with a fixtures folder: canned answers and faults)"
serve "$work/fixtures.log" --facets examples/testing-fixtures/facets --root examples/testing-fixtures
fixtures="$address/app"
wait_for "$fixtures/healthz"
canned=$(curl -fsS "$fixtures/facets/notes/list")
[ "$canned" = "$(cat examples/testing-fixtures/notes/list.json)" ] || { echo "error: canned answer '$canned'"; exit 1; }
fault=$(curl -sS -o /dev/null -w '%{http_code}' "$fixtures/_test/status/503")
[ "$fault" = 503 ] || { echo "error: the fault route answered $fault"; exit 1; }
echo "canned answer and fault route served"
echo "examples passed"
