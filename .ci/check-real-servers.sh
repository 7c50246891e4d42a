#!/usr/bin/env bash
# Drift against real servers nobody here wrote, each with the description it publishes itself:
# Kinto (a JSON storage service, Swagger 2.0), Jupyter Server (a notebook server, Swagger 2.0 in
# YAML) and Prefect (a workflow orchestrator, OpenAPI 3.1, its lists are POST searches). Each is
# started on a free loopback port by its launcher in Tests/Servers, seeded through its own API, and
# stopped when this script ends. For each:
#   - `ron drift` (no value written by hand) calls at least 90 % of its GET operations;
#   - openapi-core (Tests/Servers/openapi_judge.py) agrees with every verdict drift gave;
#   - `ron fixtures record` writes its answers, and in a package made by `ron new` with the three
#     descriptions in Schema/ and those fixtures, `swift build` and `swift test` pass.
# Prefect is called with --unsafe (a throwaway server): without its searches no id is known.
#
#   .ci/check-real-servers.sh [--package DIR] [--keep]
#
# --package DIR: a package made by `ron new` whose SDK is built (check-own-schema.sh passes its
# own), changed in place and put back; without it one is made here. --keep: leave the work folder.
# Figures for BENCHMARKS.md: the last lines it prints.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
package=""
keep=false
while [ $# -gt 0 ]; do
    case "$1" in
    --package) package=$2; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "usage: $0 [--package DIR] [--keep]"; exit 64 ;;
    esac
done
bin=$(swift build --show-bin-path)
[ -x "$bin/ron" ] || swift build --product ron >/dev/null
work=$(mktemp -d)
pids=()
finish() {
    # Closing each launcher's standard input stops it (and what it started).
    for fd in 7 8 9; do eval "exec $fd>&-" 2>/dev/null || true; done
    for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
    $keep && echo "work folder: $work" || rm -rf "$work"
}
trap finish EXIT

# The servers' packages, from PyPI. Prefect pins much of what it needs, so it gets a venv.
python3 -c "import kinto, jupyter_server, ipykernel, openapi_core" 2>/dev/null \
    || python3 -m pip install --quiet kinto jupyter_server ipykernel openapi-core
prefect_python=${RON_PREFECT_PYTHON:-}
if [ -z "$prefect_python" ]; then
    venv=${RON_PREFECT_VENV:-/var/tmp/ron-venv-prefect}
    "$venv/bin/python" -c "import prefect" 2>/dev/null || {
        python3 -m venv "$venv" && "$venv/bin/pip" install --quiet prefect
    }
    prefect_python=$venv/bin/python
fi

# name, python, launcher, the descriptor it is kept open by
start() {
    local name=$1 python=$2 launcher=$3 fd=$4
    mkfifo "$work/$name.stdin"
    "$python" "$repo/Tests/Servers/$launcher" <"$work/$name.stdin" >"$work/$name.line" 2>"$work/$name.err" &
    pids+=($!)
    eval "exec $fd>\"$work/$name.stdin\""
}
start kinto python3 kinto_server.py 7
start jupyter python3 jupyter_server.py 8
start prefect "$prefect_python" prefect_server.py 9
for name in kinto jupyter prefect; do
    for _ in $(seq 1 240); do
        grep -q . "$work/$name.line" 2>/dev/null && break
        sleep 0.5
    done
    grep -q '^{' "$work/$name.line" || {
        echo "error: $name did not start:"; cat "$work/$name.line" "$work/$name.err"; exit 1; }
done
field() { python3 -c "import json,sys; v=json.load(open(sys.argv[1])); [v:=v[k] for k in sys.argv[2:]]; print(v)" "$@"; }

summary=()
for name in kinto jupyter prefect; do
    line=$work/$name.line
    base=$(field "$line" base)
    description=$(field "$line" description)
    mkdir -p "$work/$name/Schema"
    options=(--base "$base")
    header=()
    case $name in
    kinto)
        document=kinto.swagger.json
        options+=(--credential "basicauth=$(field "$line" credentials basicauth)") ;;
    jupyter)
        document=jupyter.swagger.yaml
        header=(-H "Authorization: token $(field "$line" token)")
        options+=(--token "$(field "$line" token)") ;;
    prefect)
        document=prefect.openapi.json
        options+=(--unsafe) ;;
    esac
    curl -sf "${header[@]}" "$description" -o "$work/$name/Schema/$document"
    shown=$(printf '%s ' "${options[@]}" | sed -E 's/(basicauth=|--token )[^ ]*/\1…/g')
    echo "== $name: ron drift ${shown}against its own description ($document)"
    status=0
    "$bin/ron" drift --schema "$work/$name/Schema" "${options[@]}" --format json \
        --exchanges "$work/$name/exchanges.jsonl" >"$work/$name/report.json" 2>"$work/$name/summary.txt" || status=$?
    cat "$work/$name/summary.txt"
    # 1 (a drift) and 2 (a failed call) are findings about the server; anything else is ours.
    [ $status -le 2 ] || { echo "error: ron drift exited $status"; exit 1; }
    coverage=$(python3 - "$work/$name/report.json" <<'PY'
import json, sys
reports = json.load(open(sys.argv[1]))
gets = [r for r in reports if r["method"] == "GET"]
called = [r for r in gets if r["outcome"] != "skipped"]
print(f"{len(called)} {len(gets)}")
PY
)
    read -r called gets <<<"$coverage"
    [ $((called * 10)) -ge $((gets * 9)) ] || {
        echo "error: drift called $called of $gets GET operations of $name (at least 90 % expected)"; exit 1; }
    echo "-- with a values file beside the schema (drift-values.json, from what the launcher seeded): every GET operation"
    python3 - "$line" "$name" >"$work/$name/drift-values.json" <<'PY'
import json, sys
seeded = json.load(open(sys.argv[1]))["seeded"]
values = {
    # The snapshot of one collection at its own timestamp: three values that go together.
    "kinto": lambda: {"operations": {"get_history_snapshot": {
        "bucket_id": "blog", "collection_id": "articles", "timestamp": seeded["timestamps"]["blog/articles"]}}},
    "jupyter": lambda: {"parameters": {"section_name": "notebook"}},
    "prefect": lambda: {"parameters": {
        "flow_name": "etl", "deployment_name": "nightly", "view": "aggregate-worker-metadata"}},
}[sys.argv[2]]()
print(json.dumps(values, indent=2))
PY
    "$bin/ron" drift --schema "$work/$name/Schema" "${options[@]}" --format json \
        >"$work/$name/report-values.json" 2>"$work/$name/summary-values.txt" || true
    head -n 1 "$work/$name/summary-values.txt"
    grep -q "^drift: \([0-9]*\) GET operations: \1 called" "$work/$name/summary-values.txt" || {
        echo "error: with its values file, drift did not call every GET operation of $name"; exit 1; }
    echo "-- openapi-core judges the same answers"
    python3 "$repo/Tests/Servers/openapi_judge.py" --description "$work/$name/Schema/$document" \
        "${header[@]/#-H/--description-header}" --exchanges "$work/$name/exchanges.jsonl" \
        --compare "$work/$name/report.json" --output "$work/$name/judge.jsonl" 2>"$work/$name/judge.log" || {
        cat "$work/$name/judge.log"; echo "error: openapi-core and drift disagree on $name"; exit 1; }
    tail -n 1 "$work/$name/judge.log"
    echo "-- ron fixtures record"
    mkdir -p "$work/$name/Fixtures"
    status=0
    "$bin/ron" fixtures record --schema "$work/$name/Schema" "${options[@]}" --output "$work/$name/Fixtures" \
        >"$work/$name/record.out" 2>"$work/$name/record.err" || status=$?
    # 1: an answer drifted or a call failed (named on standard error); 3 would be an answer left out.
    [ $status -le 1 ] || { cat "$work/$name/record.err"; echo "error: ron fixtures record exited $status"; exit 1; }
    written=$(grep -c '^wrote ' "$work/$name/record.out" || true)
    echo "   $written fixtures written"
    summary+=("$name: $(head -n 1 "$work/$name/summary.txt" | sed 's/^drift: //'); $written fixtures; $(tail -n 1 "$work/$name/judge.log" | sed 's/^openapi_judge: //')")
done

echo "== the recorded fixtures pass the package's own tests"
made=false
if [ -z "$package" ]; then
    package=$work/RealServers
    "$bin/ron" new "$package" >/dev/null
    made=true
fi
cd "$package"
# The target that holds Schema/: <Name>APITypes as `ron new` lays a package out, <Name>API with --one-module.
schema=$(ls -d Sources/*/Schema | head -n 1)
tests=$(ls Tests | grep 'APITests$' | head -n 1)
cli=$(ls Sources | grep -- '-cli$' | head -n 1)
start_commit=$(git rev-parse HEAD)
rm -rf "$schema" "Tests/$tests/Fixtures"
mkdir -p "$schema" "Tests/$tests/Fixtures"
for name in kinto jupyter prefect; do
    cp "$work/$name/Schema/"* "$schema/"
    cp -R "$work/$name/Fixtures/." "Tests/$tests/Fixtures/"
done
# The scaffold's command line and its MockFlowTests call the sample's operations; these
# descriptions have others.
[ -z "$cli" ] || printf 'print("real servers")\n' >"Sources/$cli/main.swift"
rm -f "Tests/$tests/MockFlowTests.swift"
swift build 2>&1 | tail -n 2
swift test 2>&1 | tail -n 3
if ! $made; then
    git reset -q --hard "$start_commit"
    git clean -qfd
fi
echo "== real servers"
printf '   %s\n' "${summary[@]}"
