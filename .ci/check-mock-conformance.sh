#!/usr/bin/env bash
# The mock (`ron-mock`, which `ron-codegen mock` runs) under schemathesis, a property-based tester
# nobody here wrote, on real published descriptions: Jupyter Server's (Swagger 2.0, YAML, in the
# jupyter_server package), Jupyter Server Terminals' (OpenAPI 3.0, in jupyter_server_terminals) and
# Prefect's (OpenAPI 3.1, 188 operations, made by Prefect's own server code in its venv, no server
# started), all from PyPI. Each is served alone by a mock on a free loopback port, with a credential
# configured for every security scheme and the same values given to schemathesis scheme by scheme,
# so authenticated operations are reached. schemathesis runs its examples, coverage, fuzzing and
# stateful (links: those of the description, and those it infers) phases with these checks:
#   not_a_server_error, status_code_conformance, content_type_conformance,
#   response_schema_conformance, response_headers_conformance: every answer is documented;
#   negative_data_rejection: every request it makes invalid on purpose is refused with a 4xx;
#   positive_data_acceptance: every valid request is accepted (the mock checks requests, so one
#   it refuses that the description allows is a bug of its validator, not a choice).
# The run is repeatable: a fixed --seed and --max-examples, no example database, and a fresh mock
# (its state as the description's examples make it) for each description. Three kinds of finding
# are excused, each counted in the summary line, never dropped: a Content-Type schemathesis wants
# on an answer without a body (a Swagger 2.0 `produces` taken for a 204), a 400 refusing a request
# schemathesis broke on purpose where the operation documents no 400, 422, 4XX or default, and the
# 401 answering a request sent without its credential on purpose where it documents no 401 or 403
# (.ci/mock_conformance.py says why each is no fault of the mock). Everything else fails the check.
#
#   .ci/check-mock-conformance.sh [--with DIR] [--full | --descriptions DIR] [--max-examples N] [--keep]
#
# --with DIR: also every description in DIR (one file each). --descriptions DIR: those instead of
# the CI set. --full: the published descriptions BENCHMARKS.md names, from RON_PUBLISHED_DIR
# (default /var/tmp/ron-published; only on a machine that collected them), 20 examples an operation.
# Prints one line per description (operations, requests, failures by check, excused findings, the
# stateful phase, seconds) and the failures; exit status 1 on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
examples=3
full=false
keep=false
replace=""
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
    --with) extra+=("$2"); shift 2 ;;
    --descriptions) replace=$2; shift 2 ;;
    --full) full=true; examples=20; shift ;;
    --max-examples) examples=$2; shift 2 ;;
    --keep) keep=true; shift ;;
    *) echo "usage: $0 [--with DIR] [--full | --descriptions DIR] [--max-examples N] [--keep]"; exit 64 ;;
    esac
done
python3 -c "import schemathesis, yaml, jupyter_server, jupyter_server_terminals" 2>/dev/null \
    || python3 -m pip install --quiet schemathesis pyyaml jupyter_server jupyter_server_terminals
swift build --product ron-mock >/dev/null
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
# A copy of the mock, so that a build of the working tree while this runs changes nothing here.
cp "$bin/ron-mock" "$work/ron-mock"
mock_pid=""
finish() {
    [ -z "$mock_pid" ] || { kill "$mock_pid" 2>/dev/null || true; wait "$mock_pid" 2>/dev/null || true; }
    $keep && echo "work folder: $work" || rm -rf "$work"
}
trap finish EXIT

# The descriptions: name, file and schemathesis's phases, one a line. The coverage phase sends
# every boundary and every wrong type of every member it finds, however many: on Prefect's search
# bodies (dozens of nested filters each) that is about 36,000 requests, over a quarter of an hour;
# its descriptions, and the published ones of --full, run the other three (fuzzing makes invalid
# requests too, negative_data_rejection judges them).
all_phases=examples,coverage,fuzzing,stateful
lean_phases=examples,fuzzing,stateful
list=$work/descriptions.tsv
: >"$list"
add_folder() {
    local file phases=${2:-$all_phases}
    for file in "$1"/*; do
        [ -f "$file" ] || continue
        printf '%s\t%s\t%s\n' "$(basename "${file%.*}")" "$file" "$phases" >>"$list"
    done
}
if [ -n "$replace" ]; then
    add_folder "$replace"
elif $full; then
    # A spread of formats and sizes (7 to about 300 operations), each a description in one file.
    published=${RON_PUBLISHED_DIR:-/var/tmp/ron-published}
    [ -d "$published" ] || { echo "error: no published descriptions at $published"; exit 1; }
    while IFS=$'\t' read -r vendor path; do
        printf '%s\t%s\t%s\n' "$vendor" "$published/$vendor/$(basename "$path")" "$lean_phases" >>"$list"
    done <<'EOF'
alertmanager	openapi.yaml
minio-console	swagger.yml
gotify	spec.json
nakama	apigrpc.swagger.json
openfga	apidocs.swagger.json
vonage-verify	verify.yml
ably	platform-v1.yaml
hubspot	contacts.json
supabase-auth	openapi.yaml
typesense	openapi.yml
ory-hydra	api.json
spotify	fixed-spotify-open-api.yml
traccar	openapi.yaml
open-meteo	forecast.yml
resend	resend.yaml
meilisearch	open-api.json
EOF
else
    site=$(python3 -c "import jupyter_server, os; print(os.path.dirname(os.path.dirname(jupyter_server.__file__)))")
    printf 'jupyter-server\t%s\t%s\n' "$site/jupyter_server/services/api/api.yaml" "$all_phases" >>"$list"
    printf 'jupyter-terminals\t%s\t%s\n' "$site/jupyter_server_terminals/rest-api.yml" "$all_phases" >>"$list"
    prefect_python=${RON_PREFECT_PYTHON:-${RON_PREFECT_VENV:-/var/tmp/ron-venv-prefect}/bin/python}
    "$prefect_python" -c "import prefect" 2>/dev/null || {
        python3 -m venv "${RON_PREFECT_VENV:-/var/tmp/ron-venv-prefect}"
        "${RON_PREFECT_VENV:-/var/tmp/ron-venv-prefect}/bin/pip" install --quiet prefect
    }
    "$prefect_python" - "$work/prefect.openapi.json" <<'PY' 2>"$work/prefect.err" || { cat "$work/prefect.err"; exit 1; }
import json, sys
from prefect.server.api.server import create_app
open(sys.argv[1], "w").write(json.dumps(create_app(ephemeral=True).openapi()))
PY
    printf 'prefect\t%s\t%s\n' "$work/prefect.openapi.json" "$lean_phases" >>"$list"
fi
for folder in ${extra[@]+"${extra[@]}"}; do add_folder "$folder"; done

checks=not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance
checks+=,response_headers_conformance,negative_data_rejection,positive_data_acceptance
summary=()
failed=0
while IFS=$'\t' read -r name description phases; do
    dir=$work/$name
    # An empty fixtures folder: without --fixtures the mock would read ./Fixtures, this repository's.
    mkdir -p "$dir/Schema" "$dir/Fixtures"
    cp "$description" "$dir/Schema/"
    python3 .ci/mock_conformance.py prepare "$description" "$dir"
    "$work/ron-mock" --schema "$dir/Schema" --fixtures "$dir/Fixtures" --port 0 --ignore-stdin \
        --credentials-file "$dir/credentials" >"$dir/mock.out" 2>"$dir/mock.err" &
    mock_pid=$!
    for _ in $(seq 1 100); do
        grep -q '^listening on ' "$dir/mock.out" 2>/dev/null && break
        sleep 0.1
    done
    url=$(sed -n 's/^listening on //p' "$dir/mock.out")
    [ -n "$url" ] || { echo "error: the mock did not start for $name:"; cat "$dir/mock.err"; exit 1; }
    base=$(python3 .ci/mock_conformance.py base "$dir/mock.err" "$dir/info.json")
    headers=()
    while IFS= read -r header; do headers+=(-H "$header"); done <"$dir/headers"
    started=$SECONDS
    status=0
    # Health checks judge how schemathesis generates (a big schema is slow to draw from), not
    # the answers: off, so a slow machine cannot fail the run.
    (cd "$dir" && st --config-file "$dir/schemathesis.toml" run "$description" --url "$url$base" \
        --phases "$phases" --checks "$checks" --max-examples "$examples" --seed 1 --generation-database none \
        --suppress-health-check all --workers 2 --request-timeout 10 --no-color \
        ${headers[@]+"${headers[@]}"} \
        --report ndjson --report-ndjson-path "$dir/report.ndjson" >"$dir/schemathesis.txt" 2>&1) || status=$?
    seconds=$((SECONDS - started))
    kill "$mock_pid" 2>/dev/null || true
    wait "$mock_pid" 2>/dev/null || true
    mock_pid=""
    # 0: passed; 1: failures (judged below); anything else: schemathesis could not run.
    [ $status -le 1 ] && [ -s "$dir/report.ndjson" ] || {
        tail -n 30 "$dir/schemathesis.txt"; echo "error: schemathesis exited $status on $name"; exit 1; }
    python3 .ci/mock_conformance.py summarize "$dir/report.ndjson" "$dir/info.json" "$name" "$seconds" \
        >"$dir/summary.txt" || failed=1
    cat "$dir/summary.txt"
    summary+=("$(head -n 1 "$dir/summary.txt")")
done <"$list"
echo "== the mock under schemathesis ($examples examples an operation, seed 1)"
printf '   %s\n' "${summary[@]}"
[ $failed -eq 0 ] || { echo "error: the mock answered off its description, or took a request it breaks (above)"; exit 1; }
