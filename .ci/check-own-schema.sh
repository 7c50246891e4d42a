#!/usr/bin/env bash
# README's "Your own schema", run as written against a throwaway package made by `ron new` (which
# depends on this checkout by path): it builds and its tests pass as created, every command of the
# README's flow runs from that package with the verdict and exit status asserted, a compatible and a
# breaking schema bump get their verdicts, the mock answers every operation from the fixtures, drift
# passes against it and names every changed field against a mock whose fixtures changed. Last, every
# command of the README's block must be one this script ran, so the docs cannot drift from the tools.
#
# With --vendor, a vendor-sized description (.ci/synthesize-description.py: 150 paths, 291
# operations, 370 schemas, no example anywhere) then replaces the package's schema and fixtures, as a
# user drops one in, and `./ci.sh` must pass with no fixture written by hand: the build, verify,
# diff, and drift against the mock, which makes every answer up.
# With --split, the layouts: in the package as `ron new` lays it out (the types in ShopFrontAPITypes,
# the calls in ShopFrontAPI) `./ci.sh` must pass, the command plugins must follow the calls target to
# the types target's schema, an edited operation must recompile the calls alone, and the build plugin
# must refuse the two wrong set-ups of a split with what to change. Then the same with the calls in
# two targets (`ron new --calls-targets 2`): ./ci.sh, the command plugins from the front, each part's
# files taken from the types' run, an edit that recompiles one part. Last, the package `ron new
# --one-module` writes (the types and the calls in ShopFrontAPI): ./ci.sh, and its files' layout.
# With --real-servers, .ci/check-real-servers.sh then runs with the same package (its SDK build is
# reused) for the recorded fixtures of Kinto, Jupyter Server and Prefect.
# With --consumer, .ci/check-consumer.sh then runs in the same package (its SDK build is reused).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
# `swift` is .ci/bin/swift, which runs a command once more when SwiftPM itself crashes.
export PATH="$repo/.ci/bin:$PATH"
consumer=false
real_servers=false
split=false
vendor=false
for argument in "$@"; do
    case "$argument" in
        --consumer) consumer=true ;;
        --vendor) vendor=true ;;
        --split) split=true ;;
        --real-servers) real_servers=true ;;
        *) echo "usage: $0 [--vendor] [--split] [--real-servers] [--consumer]" >&2; exit 64 ;;
    esac
done
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
ran=()

# run STATUS 'README COMMAND': runs the command as the README spells it (its URL, port and folder are
# this run's) and asserts its exit status; its output is in $work/out.
run() {
    local want=$1 shown=$2 actual status=0
    ran+=("$shown")
    actual=${shown//http:\/\/127.0.0.1:8080/$base}
    actual=${actual//..\/ShopFront/$work\/ShopFront}
    echo "\$ $shown"
    (eval "$actual") > "$work/out" 2>&1 || status=$?
    if [ "$status" != "$want" ]; then
        cat "$work/out"
        echo "error: '$shown' exited with $status, expected $want"
        exit 1
    fi
}
expect_out() { grep -q -- "$1" "$work/out" || { cat "$work/out"; echo "error: expected output with: $1"; exit 1; }; }

# mock LOG [ARGS...]: the README's mock command on a free port, in its own process group (a running
# `swift package` holds .build's lock, so it builds in .build/mock); sets $base to the URL it writes
# to --url-file (SwiftPM shows a plugin's output only when it ends).
mock() {
    local log=$1
    shift
    ran+=("swift package --scratch-path .build/mock ron-mock --port 8080")
    rm -f "$work/mock.url"
    set -m
    swift package --scratch-path .build/mock ron-mock --port 0 --url-file "$work/mock.url" "$@" > "$log" 2>&1 &
    pids+=($!)
    set +m
    base=""
    for _ in $(seq 1 3000); do
        [ -s "$work/mock.url" ] && base=$(head -n 1 "$work/mock.url")
        [ -n "$base" ] && return 0
        kill -0 "${pids[-1]}" 2>/dev/null || break
        sleep 0.1
    done
    cat "$log"
    echo "error: the mock did not start"
    exit 1
}

# driver_layout OWN: the files (`--shards`, `--leading-empty-files`) the build plugin writes for a
# target with OWN Swift files of its own (the resource accessor counts) and a schema under 2 MB, on
# this machine's cores, in the array `layout`: on two cores, enough for three runs of the driver (51
# with its own), the generated ones of the first run empty (RonCodegenPlugin.twoJobsLayout); else 32.
driver_layout() {
    local own=$1 count sources empty
    layout=(--shards 32)
    if [ "$(nproc)" -eq 2 ]; then
        count=$((51 - own > 32 ? 51 - own : 32)); sources=$((own + count))
        if [ $(((sources + 24) / 25)) -eq 3 ]; then
            empty=$(((sources + 2) / 3 - own))
            layout=(--shards "$count")
            [ "$empty" -gt 0 ] && layout+=(--leading-empty-files "$empty")
        fi
    fi
}

# coded_head FOLDER STEM N: how many of the first N files by name of FOLDER/STEM*.swift hold a
# declaration (the driver's first run of files, which the layouts leave empty).
coded_head() {
    ls "$1"/"$2"*.swift | LC_ALL=C sort | head -n "$3" | { xargs -r grep -lE "^(public |extension |    public )" || true; } | wc -l
}

stop_mocks() { # and check that the mock went with `swift package`
    for pid in "${pids[@]}"; do kill -- -"$pid" 2>/dev/null || true; done
    pids=()
    for _ in $(seq 1 100); do
        pgrep -f "ron-mock-tool --schema $work/" > /dev/null || return 0
        sleep 0.1
    done
    echo "error: the mock outlived swift package"
    exit 1
}

base=unset
cd "$work"
run 0 "$bin/ron new ../ShopFront"
ran[-1]="swift run ron new ../ShopFront"
cd "$work/ShopFront"
# ron new made the repository and its first commit, with the types in a target of their own.
[ -d Sources/ShopFrontAPITypes/Schema ] && [ ! -e Sources/ShopFrontAPI/Schema ] \
    || { ls -R Sources; echo "error: ron new did not put Schema/ in the types target alone"; exit 1; }
[ -z "$(git status --porcelain)" ] && git log --oneline | grep -q "Created by ron new" || {
    echo "error: ron new did not commit the package it wrote"; exit 1; }

echo "== as created: it builds, its tests pass"
run 0 "swift build && swift test"
# Without the mock (API_MOCK_URL) the flow tests say why they did not run.
expect_out "API_MOCK_URL is not set"
run 0 "swift package ron-codegen verify"
expect_out "2 of 2 examples fit the schema"
expect_out "fixtures Tests/ShopFrontAPITests/Fixtures"
run 0 "swift package ron-codegen diff"
expect_out "0 changes"
expect_out "old fixtures: 2 from HEAD:Tests/ShopFrontAPITests/Fixtures"

echo "== a schema of 2 MB or more: 64 files, the first 21 by name empty, on any cores"
# RonCodegenPlugin.largeShards, decided by the documents' bytes when SwiftPM plans: a document of 2 MB
# (a comment) and one small type moves the target there (a new file is a new plan), and removed,
# the target builds as before.
padding=Sources/ShopFrontAPITypes/Schema/padding.schema.json
python3 - "$padding" <<'PY'
import json, sys
json.dump({"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "Padding",
           "$comment": "x" * 2_000_000, "type": "string"}, open(sys.argv[1], "w"))
PY
run 0 "swift build --target ShopFrontAPI"
# Both the types and the calls take the large layout.
generated=$(ls -d .build/plugins/outputs/*/ShopFrontAPITypes/*/RonCodegenPlugin/GeneratedSources)
calls=$(ls -d .build/plugins/outputs/*/ShopFrontAPI/*/RonCodegenPlugin/GeneratedSources)
grep -q "public typealias Padding = String" "$generated"/RonGenerated*.swift \
    || { echo "error: the padding's type was not generated"; exit 1; }
for side in "$generated RonGenerated" "$calls RonOperations"; do
    read -r folder stem <<<"$side"
    written=$(ls "$folder"/"$stem"*.swift | wc -l)
    coded=$(coded_head "$folder" "$stem" 21)
    [ "$written" -eq 64 ] && [ "$coded" -eq 0 ] \
        || { echo "error: with 2 MB of schema the plugin wrote $written files of $stem, $coded with code of the first 21, not 64 and 0"; exit 1; }
done
rm "$padding"
run 0 "swift build --target ShopFrontAPI"
[ -z "$(git status --porcelain)" ] || { git status --porcelain; echo "error: the padding left files behind"; exit 1; }
echo "ok: 2 MB of schema laid the target out in 64 files, the first 21 empty"

echo "== help needs no permission, and the preview writes nothing into the package"
run 0 "swift package ron-codegen help"
expect_out "usage: swift package ron-codegen"
for command in verify diff drift mock calls "fixtures record"; do
    run 0 "swift package ron-codegen $command --help"
    expect_out "usage: "
done
run 0 "swift package ron-mock --help"
expect_out "usage: ron-mock"
run 0 "swift package ron-codegen preview"
expect_out "Generated sources written to $work/ShopFront/.build/"
[ -z "$(git status --porcelain)" ] || { git status --porcelain; echo "error: the preview wrote into the package"; exit 1; }
preview=$(sed -n 's/^Generated sources written to //p' "$work/out" | tail -1)
grep -q "public func getWidget(widgetId: String" "$preview/RonOperations.swift" \
    || { ls "$preview"; echo "error: the preview has no calls (RonOperations.swift)"; exit 1; }
run 0 "swift package ron-codegen calls"
expect_out "^call  RonClient.getWidget(widgetId: String, headers: \[String: String\] = \[:\]) async -> sending AppResponse<Widget>  GET /v1/widgets/{widget_id}  widgets.openapi.json#/paths/"
expect_out "^type  Widget  struct  "
expect_out '^member  Widget.name: String  "name"$'
expect_out '^credentials  RonClient.createWidget  `widgetsKey`$'
# Standard output is the report alone: the folders read and the tool's messages go to standard error.
swift package ron-codegen calls > "$work/calls.out" 2> "$work/calls.err"
grep -q "^call  RonClient.getWidget" "$work/calls.out" && ! grep -v -E "^(call|type|member|scheme|credentials)  " "$work/calls.out" \
    || { echo "error: swift package ron-codegen calls wrote more than the calls on standard output"; exit 1; }
grep -q "ron-codegen calls: schema Sources/ShopFrontAPITypes/Schema" "$work/calls.err" \
    || { cat "$work/calls.err"; echo "error: the folders read were not said on standard error"; exit 1; }

echo "== the mock answers every operation from the fixtures; drift passes against it"
mock "$work/mock.log"
run 0 "curl -fsS http://127.0.0.1:8080/v1/widgets"
expect_out '"w1"'
run 0 "curl -fsS http://127.0.0.1:8080/v1/widgets/w1"
expect_out '"First widget"'
# createWidget requires the widgetsKey scheme (an API key in X-Widgets-Key): refused without it.
run 22 "curl -fsS -X POST -H 'content-type: application/json' -d '{\"name\": \"x\"}' http://127.0.0.1:8080/v1/widgets"
run 0 "curl -sS -o /dev/null -w '%{http_code} %header{www-authenticate}' -X POST -H 'content-type: application/json' -d '{}' http://127.0.0.1:8080/v1/widgets"
expect_out '401 ApiKey realm="Widgets", name="X-Widgets-Key", in="header"'
run 0 "curl -fsS -X POST -H 'X-Widgets-Key: k-1' -H 'content-type: application/json' -d '{\"name\": \"x\"}' http://127.0.0.1:8080/v1/widgets"
expect_out '"id"'
run 22 "curl -fsS -X POST -H 'X-Widgets-Key: k-1' -H 'content-type: application/json' -d '{\"name\": 5}' http://127.0.0.1:8080/v1/widgets"
# The mock keeps what it was sent: the widget created above is listed, then a reset forgets it.
run 0 "curl -fsS http://127.0.0.1:8080/v1/widgets"
expect_out '"name": *"x"'
run 0 "curl -fsS -X POST http://127.0.0.1:8080/_mock/reset"
run 0 "curl -fsS http://127.0.0.1:8080/v1/widgets"
[ "$(grep -c '"x"' "$work/out" || true)" = 0 ] || { cat "$work/out"; echo "error: the reset mock still lists the created widget"; exit 1; }
run 0 "swift package ron-codegen drift --base http://127.0.0.1:8080"
expect_out "^ok        listWidgets (GET /widgets): 200 \[Widget\]$"
expect_out "^ok        getWidget (GET /widgets/{widget_id}): 200 Widget$"
expect_out "^skipped   createWidget (POST /widgets): changes the server: called only with --unsafe"
expect_out "^drift: 2 GET operations: 2 called (2 fit, 0 drifted, 0 tolerated), 0 skipped$"
expect_out "^drift: 1 other operation: 0 called (0 fit, 0 drifted, 0 tolerated), 1 skipped (changes the server: 1)$"
# A call that fails is not drift: the tool exits 2, SwiftPM 1, and SwiftPM's last line (on standard
# error) names the 2; the report on standard output ends with its two whole summary lines. (Each stream is
# read alone: where both go to one file, SwiftPM writes a plugin's output in blocks and its own lines
# as they come.)
status=0
swift package ron-codegen drift --base http://127.0.0.1:9 > "$work/drift.out" 2> "$work/drift.err" || status=$?
grep -q "^failed    listWidgets (GET /widgets): " "$work/drift.out" \
    && [ "$(tail -n 2 "$work/drift.out")" = "drift: 2 GET operations: 2 called (0 fit, 0 drifted, 0 tolerated, 2 failed), 0 skipped
drift: 1 other operation: 0 called (0 fit, 0 drifted, 0 tolerated), 1 skipped (changes the server: 1)" ] \
    && [ "$(tail -n 1 "$work/drift.err")" = "error: Plugin ended with exit code 2" ] && [ "$status" = 1 ] || {
    cat "$work/drift.out" "$work/drift.err"; echo "error: drift with no server: exit $status, not as documented"; exit 1; }
run 0 "swift run shop-front-cli http://127.0.0.1:8080"
expect_out "getWidget(w1): 200 First widget"
run 0 "swift package --allow-writing-to-package-directory ron-record --base http://127.0.0.1:8080"
expect_out "recorded_getWidget.json"
# A list's items go one by one into their type's folder.
for file in Widget/recorded_getWidget.json Widget/recorded_listWidgets-1.json; do
    [ -f "Tests/ShopFrontAPITests/Fixtures/$file" ] || { ls -R Tests/ShopFrontAPITests/Fixtures; echo "error: $file not recorded"; exit 1; }
done
run 0 "swift package ron-codegen verify"
expect_out "4 of 4 examples fit the schema"
stop_mocks

echo "== drift names every changed field against a server that changed them"
mkdir -p "$work/changed/Widget"
cat > "$work/changed/Widget/w1.json" <<'JSON'
{"id": "w1", "size": "large", "state": "live", "tags": ["blue"]}
JSON
mock "$work/mock-changed.log" --fixtures "$work/changed"
run 1 "swift package ron-codegen drift --base http://127.0.0.1:8080"
expect_out "^drift     getWidget (GET /widgets/{widget_id}): 200 Widget at /name: expected"
expect_out "^drift     getWidget (GET /widgets/{widget_id}): 200 Widget at /size: expected"
expect_out "error: Plugin ended with exit code 1"
stop_mocks

echo "== a compatible bump, then a breaking one"
git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "recorded"
schema=Sources/ShopFrontAPITypes/Schema/widget.schema.json
python3 - "$schema" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
doc["properties"]["color"] = {"type": ["string", "null"]}
json.dump(doc, open(path, "w"), indent=2)
PY
run 0 "swift package ron-codegen diff"
expect_out "FIELD_ADDED_OPTIONAL"
expect_out "semver bump: minor"
run 0 "./ci.sh"
# ci.sh ran the app's flow against the mock it started: created, listed, shown, a 503 and a reset retried.
for test in aCreatedWidgetIsListedAndShown aCreateWithAWrongKeyIsRefused aBusyAnswerIsRetriedAfterItsRetryAfter \
    aResetConnectionIsRetried aSlowAnswerArrivesLate aDocumentedAnswerIsGivenOnRequest; do
    expect_out "Test $test() passed"
done
git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "an optional color"
python3 - "$schema" <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
doc["properties"]["owner"] = {"type": "string"}
doc["required"].append("owner")
json.dump(doc, open(path, "w"), indent=2)
PY
run 1 "swift package ron-codegen diff"
expect_out "FIELD_ADDED_REQUIRED"
expect_out "semver bump: major"
expect_out "the required member 'owner' of Widget is missing"
# Machine output is machine output: standard output is the JSON document alone.
status=0
swift package ron-codegen diff --format json --only breaking > "$work/diff.json" 2> "$work/diff.err" || status=$?
python3 - "$work/diff.json" <<'PY' || { cat "$work/diff.json" "$work/diff.err"; echo "error: diff --format json is not JSON alone"; exit 1; }
import json, sys
report = json.load(open(sys.argv[1]))
assert report["bump"] == "major", report["bump"]
assert [change["rule"] for change in report["changes"]] == ["FIELD_ADDED_REQUIRED"], report["changes"]
PY
[ "$status" = 1 ] || { echo "error: diff --format json exited $status, expected 1"; exit 1; }
grep -q "old fixtures: " "$work/diff.err" || { cat "$work/diff.err"; echo "error: diff's notes are not on standard error"; exit 1; }
run 1 "swift package ron-codegen verify"
expect_out "Widget/w1.json (Widget) at /owner"
git checkout -q -- "$schema"

echo "== every command of README's 'Your own schema' ran here"
missing=0
while IFS= read -r line; do
    command=${line%%  #*}
    command=${command%"${command##*[![:space:]]}"}
    found=0
    for done_command in "${ran[@]}"; do [ "$done_command" = "$command" ] && found=1; done
    [ $found = 1 ] || { echo "error: README runs '$command', which this script does not"; missing=1; }
done < <(python3 - "$repo/README.md" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
section = text.split("\n## Your own schema\n", 1)[1].split("\n## ", 1)[0]
block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
for line in block.splitlines():
    if line.strip() and not line.startswith("#") and not line.startswith("cd "):
        print(line)
PY
)
[ $missing = 0 ]
echo "ok: the README's flow works from a package of its own"
if $vendor; then
    echo "== a vendor's description dropped in, no fixture written by hand: ./ci.sh passes"
    start=$(git rev-parse HEAD)
    # The flow test calls the widget operations, which the vendor's description does not have.
    git rm -q -r Sources/ShopFrontAPITypes/Schema Tests/ShopFrontAPITests/Fixtures Tests/ShopFrontAPITests/MockFlowTests.swift
    mkdir -p Sources/ShopFrontAPITypes/Schema Tests/ShopFrontAPITests/Fixtures
    touch Tests/ShopFrontAPITests/Fixtures/.gitkeep
    python3 "$repo/.ci/synthesize-description.py" Sources/ShopFrontAPITypes/Schema/photos.openapi.json
    cat > Sources/shop-front-cli/main.swift <<'SWIFT'
import Foundation
import RonAppSdkSwift
import ShopFrontAPI

// Lists the assets, then fetches the statistics, through the calls generated from photos.openapi.json.
let base = URL(string: CommandLine.arguments.dropFirst().first ?? "http://127.0.0.1:8080")!
let client = try RonClient.widgets(at: base)
defer { client.close() }
let assets = await client.getAllAsset(size: 10)
let statistics = await client.statisticsFace()
print("getAllAsset: \(assets.status) \(assets.data?.count ?? -1); statisticsFace: \(statistics.status)")
SWIFT
    git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "a vendor's description"
    run 0 "./ci.sh"
    # 141 GET operations, and 150 that change the server, which ci.sh does not call (no --unsafe).
    expect_out "^drift: 150 other operations: 0 called (0 fit, 0 drifted, 0 tolerated), 150 skipped (changes the server: 150)$"
    summary=$(grep "^drift: 141 GET operations: " "$work/out") || { cat "$work/out"; echo "error: no summary of the GET operations"; exit 1; }
    # Nothing drifted, was tolerated or failed ("N failed" is there only when N > 0), and drift found
    # a value for nearly every operation with no example anywhere (earlier answers, values made up).
    echo "$summary" | grep -q " 0 drifted, 0 tolerated)" || { echo "error: drift against the mock: $summary"; exit 1; }
    fit=$(echo "$summary" | sed -n 's/.* called (\([0-9]*\) fit.*/\1/p')
    [ "${fit:-0}" -ge 130 ] || { echo "error: drift called too few operations: $summary"; exit 1; }
    echo "   $summary"
    # The build plugin passed the types target's own files (its Swift files and SwiftPM's resource
    # accessor) and the machine's cores: the files it wrote are those of a run given both, and the
    # cores changed them (the last of the driver's runs of files takes less); the calls it prepared
    # are laid out for the calls target's own files.
    # On two cores, the files are enough for three runs of the driver (51 with the target's own), the
    # generated ones of the first run empty (RonCodegenPlugin.twoJobsLayout); else 32.
    generated=$(ls -d .build/plugins/outputs/*/ShopFrontAPITypes/*/RonCodegenPlugin/GeneratedSources)
    driver_layout "$(find Sources/ShopFrontAPI -name '*.swift' | wc -l)"
    calls_layout=(--calls-shards "${layout[1]}" --calls-leading-empty-files "${layout[3]:-0}")
    own=$(($(find Sources/ShopFrontAPITypes -name '*.swift' | wc -l) + 1))
    driver_layout "$own"
    [ "$(ls "$generated"/RonGenerated*.swift | wc -l)" -eq "${layout[1]}" ] \
        || { echo "error: the plugin wrote $(ls "$generated"/RonGenerated*.swift | wc -l) files, not ${layout[1]} (${layout[*]})"; exit 1; }
    for jobs in "$(nproc)" 0; do
        rm -rf "$work/regenerated-$jobs" "$work/prepared-$jobs"
        "$bin/ron-codegen" --schema Sources/ShopFrontAPITypes/Schema --output "$work/regenerated-$jobs" "${layout[@]}" \
            --leading-sources "$own" --driver-jobs "$jobs" --runtime-module RonGenerated \
            --prepare-calls "$work/prepared-$jobs" --types-module ShopFrontAPITypes --client-module RonAppSdkSwift \
            "${calls_layout[@]}" 2>/dev/null || { echo "error: ron-codegen failed with --driver-jobs $jobs"; exit 1; }
    done
    diff -rq -x '.ron-codegen-*' "$generated" "$work/regenerated-$(nproc)" \
        || { echo "error: the plugin's files are not those of --leading-sources $own --driver-jobs $(nproc)"; exit 1; }
    if [ "$(nproc)" -ge 2 ] && diff -rq -x '.ron-codegen-*' "$generated" "$work/regenerated-0" >/dev/null; then
        echo "error: the plugin's files are those of even shares, on $(nproc) cores"; exit 1
    fi
    # The calls target took the calls that run prepared.
    calls=$(ls -d .build/plugins/outputs/*/ShopFrontAPI/*/RonCodegenPlugin/GeneratedSources)
    for file in "$work/prepared-$(nproc)"/RonOperations*.swift; do
        cmp -s "$file" "$calls/${file##*/}" || { echo "error: the calls target's ${file##*/} is not the prepared one"; exit 1; }
    done
    echo "ok: the plugin generated for the target's $own files of its own and $(nproc) jobs of the driver (${layout[*]})"
    git reset -q --hard "$start"
    git clean -qfd
fi
# take_package DIR MESSAGE: the package `ron new` wrote in DIR takes this package's place (whose .build
# holds the SDK built already), as a user starts one, committed with MESSAGE.
take_package() {
    git rm -q -r Package.swift README.md ci.sh Sources Tests
    (cd "$1" && tar --exclude=./.git -cf - .) | tar -xf -
    git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm "$2"
}
# edit_widget_summary: one operation edited (its summary) in a split package's types target.
edit_widget_summary() {
    python3 - Sources/ShopFrontAPITypes/Schema/widgets.openapi.json <<'PY'
import json, sys
path = sys.argv[1]
doc = json.load(open(path))
doc["paths"]["/widgets/{widget_id}"]["get"]["summary"] = "One widget, by its id (edited)"
json.dump(doc, open(path, "w"), indent=2)
PY
}
if $split; then
    echo "== the split, as ron new lays a package out: the types in a target of their own, the calls beside them"
    start=$(git rev-parse HEAD)
    run 0 "./ci.sh"
    for test in fixturesMatchTheSchema aCreatedWidgetIsListedAndShown aBusyAnswerIsRetriedAfterItsRetryAfter; do
        expect_out "Test $test() passed"
    done
    # The command plugins found the types target's schema and the calls target's fixtures.
    expect_out "schema Sources/ShopFrontAPITypes/Schema (target ShopFrontAPITypes), fixtures Tests/ShopFrontAPITests/Fixtures"
    # The two fixtures ron new wrote and the two recorded above.
    expect_out "4 of 4 examples fit the schema"
    expect_out "^drift: 2 GET operations: 2 called (2 fit, 0 drifted, 0 tolerated), 0 skipped$"
    # Named by the target a user imports, they follow it to the schema of the types it calls over.
    run 0 "swift package ron-codegen verify --target ShopFrontAPI"
    expect_out "schema Sources/ShopFrontAPITypes/Schema (target ShopFrontAPITypes, whose calls ShopFrontAPI gets), fixtures Tests/ShopFrontAPITests/Fixtures"
    expect_out "4 of 4 examples fit the schema"
    # An edited operation (its summary) recompiles the calls, and no file of the types.
    edit_widget_summary
    run 0 "swift build --target ShopFrontAPI"
    expect_out "Compiling ShopFrontAPI "
    if grep -q "Compiling ShopFrontAPITypes" "$work/out"; then
        cat "$work/out"; echo "error: an edited operation recompiled the types target"; exit 1
    fi
    # The documents were read once: the types' run read the operations and prepared the calls (one
    # summary of generated operations, none of a types-only run), and the calls' run took them.
    prepared=$(ls -d .build/plugins/outputs/*/ShopFrontAPITypes/*/RonCodegenPlugin/PreparedCalls)
    calls=$(ls -d .build/plugins/outputs/*/ShopFrontAPI/*/RonCodegenPlugin/GeneratedSources)
    if [ "$(grep -c "operations generated" "$work/out")" != 1 ] || grep -q "not read (types only)" "$work/out" \
        || [ ! -f "$prepared/.ron-codegen-prepared" ] || ! grep -q "(edited)" "$calls"/RonOperations*.swift \
        || ! (for file in "$prepared"/RonOperations*.swift; do cmp -s "$file" "$calls/${file##*/}" || exit 1; done); then
        cat "$work/out"; echo "error: the calls' run did not take the calls the types' run prepared"; exit 1
    fi
    # Both targets take the driver's layout for their own files (the types' run prepared the calls in
    # the calls target's): the types target's own files count SwiftPM's resource accessor (Schema/).
    types=$(ls -d .build/plugins/outputs/*/ShopFrontAPITypes/*/RonCodegenPlugin/GeneratedSources)
    for side in "ShopFrontAPITypes RonGenerated $types $(($(find Sources/ShopFrontAPITypes -name '*.swift' | wc -l) + 1))" "ShopFrontAPI RonOperations $calls $(find Sources/ShopFrontAPI -name '*.swift' | wc -l)"; do
        read -r target stem folder own <<<"$side"
        driver_layout "$own"
        written=$(ls "$folder"/"$stem"*.swift | wc -l)
        # The first files by name (the driver's first run) hold no declaration.
        coded=$(coded_head "$folder" "$stem" "${layout[3]:-0}")
        [ "$written" -eq "${layout[1]}" ] && [ "$coded" -eq 0 ] \
            || { echo "error: $target has $written files, $coded with code of its first ${layout[3]:-0}, not those of ${layout[*]}"; exit 1; }
    done
    echo "ok: the types and the calls laid out for the driver ($(nproc) jobs)"
    git checkout -q -- Sources
    # Schema/ is copied whole, not processed: a description in several folders may hold files of one
    # name; and a document added two folders down, then removed, reaches the next build each time.
    mkdir -p Sources/ShopFrontAPITypes/Schema/extra/more
    printf '# Notes\n' >Sources/ShopFrontAPITypes/Schema/README.md
    printf '# More notes\n' >Sources/ShopFrontAPITypes/Schema/extra/README.md
    probe=Sources/ShopFrontAPITypes/Schema/extra/more/probe.schema.json
    printf '{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"DepthProbe": {"type": "object", "properties": {"first": {"type": "string"}}}}}\n' >"$probe"
    run 0 "swift build --target ShopFrontAPI"
    types=$(ls -d .build/plugins/outputs/*/ShopFrontAPITypes/*/RonCodegenPlugin/GeneratedSources | head -1)
    grep -q "public struct DepthProbe" "$types"/RonGenerated*.swift \
        || { cat "$work/out"; echo "error: a document added two folders down was not generated"; exit 1; }
    rm "$probe"
    run 0 "swift build --target ShopFrontAPI"
    if grep -q "DepthProbe" "$types"/RonGenerated*.swift; then
        cat "$work/out"; echo "error: a document removed two folders down is still generated"; exit 1
    fi
    rm -r Sources/ShopFrontAPITypes/Schema/extra Sources/ShopFrontAPITypes/Schema/README.md
    # The two wrong set-ups: the plugin says what to change, and the build stops.
    cp Package.swift "$work/Package.swift.split"
    python3 - Package.swift <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
types = text.index('name: "ShopFrontAPITypes"')
at = text.index('name: "RonGenerated"', types)
open(path, "w").write(text[:at] + 'name: "RonAppSdkSwift"' + text[at + len('name: "RonGenerated"'):])
PY
    run 1 "swift build --target ShopFrontAPI"
    expect_out "ShopFrontAPITypes depends on RonAppSdkSwift, so it gets its calls itself"
    expect_out "make ShopFrontAPITypes depend on RonGenerated alone"
    cp "$work/Package.swift.split" Package.swift
    python3 - Package.swift <<'PY'
import re, sys
path = sys.argv[1]
text = open(path).read()
text, count = re.subn(r'dependencies: \["ShopFrontAPITypes", \.product\(name: "RonAppSdkSwift", package: "[^"]*"\)\]',
                      'dependencies: ["ShopFrontAPITypes"]', text)
assert count == 1, count
open(path, "w").write(text)
PY
    run 1 "swift build --target ShopFrontAPI"
    expect_out "make ShopFrontAPI depend on RonAppSdkSwift"
    cp "$work/Package.swift.split" Package.swift
    git reset -q --hard "$start"
    git clean -qfd
    echo "ok: a split package builds, passes ./ci.sh, and its wrong set-ups are refused"

    echo "== ron new --calls-targets 2: the calls in two targets built side by side, ShopFrontAPI their front"
    start=$(git rev-parse HEAD)
    run 0 "$bin/ron new --calls-targets 2 --name ShopFront $work/parts"
    take_package "$work/parts" "parts"
    run 0 "./ci.sh"
    for test in fixturesMatchTheSchema aCreatedWidgetIsListedAndShown aBusyAnswerIsRetriedAfterItsRetryAfter; do
        expect_out "Test $test() passed"
    done
    expect_out "^drift: 2 GET operations: 2 called (2 fit, 0 drifted, 0 tolerated), 0 skipped$"
    # Named by the front, the command plugins follow its parts to the types target's schema.
    run 0 "swift package ron-codegen verify --target ShopFrontAPI"
    expect_out "schema Sources/ShopFrontAPITypes/Schema (target ShopFrontAPITypes, whose calls ShopFrontAPI gets), fixtures Tests/ShopFrontAPITests/Fixtures"
    # Each part took its run of the files the types' run prepared, the front its one file (the
    # front's folder also holds the types the package's first layout wrote there, compiled no more).
    prepared=$(ls -d .build/plugins/outputs/*/ShopFrontAPITypes/*/RonCodegenPlugin/PreparedCalls)
    for target in ShopFrontAPICalls1 ShopFrontAPICalls2 ShopFrontAPI; do
        folder=$(ls -d .build/plugins/outputs/*/$target/*/RonCodegenPlugin/GeneratedSources)
        for file in "$folder"/RonOperations*.swift; do
            cmp -s "$file" "$prepared/${file##*/}" || { echo "error: $file is not the prepared one"; exit 1; }
        done
    done
    # Each part holds half the files of the calls' layout (32 under 2 MB; the types take the
    # driver's layout for their own target, which the parts' runs of files do not follow).
    files=32
    true \
        && [ "$(ls .build/plugins/outputs/*/ShopFrontAPICalls1/*/RonCodegenPlugin/GeneratedSources/RonOperations*.swift | wc -l)" = $((files / 2)) ] \
        && [ "$(ls .build/plugins/outputs/*/ShopFrontAPICalls2/*/RonCodegenPlugin/GeneratedSources/RonOperations*.swift | wc -l)" = $((files / 2)) ] \
        && [ -f "$(ls -d .build/plugins/outputs/*/ShopFrontAPI/*/RonCodegenPlugin/GeneratedSources)/RonOperationsFront.swift" ] \
        || { ls -R .build/plugins/outputs; echo "error: the parts do not hold half of the $files files each, or the front no catalog"; exit 1; }
    # An edited operation recompiles the part that holds it, neither the types nor the other part.
    edit_widget_summary
    run 0 "swift build --target ShopFrontAPI"
    holder=$(grep -l "(edited)" .build/plugins/outputs/*/ShopFrontAPICalls*/*/RonCodegenPlugin/GeneratedSources/*.swift \
        | sed 's|.*/\(ShopFrontAPICalls[0-9]\)/.*|\1|' | sort -u)
    [ "$(echo "$holder" | wc -w)" = 1 ] || { echo "error: the edited operation is in '$holder'"; exit 1; }
    other=ShopFrontAPICalls1
    [ "$holder" = ShopFrontAPICalls1 ] && other=ShopFrontAPICalls2
    expect_out "Compiling $holder "
    if grep -q "Compiling ShopFrontAPITypes\|Compiling $other " "$work/out"; then
        cat "$work/out"; echo "error: an edited operation of $holder recompiled the types or $other"; exit 1
    fi
    git reset -q --hard "$start"
    git clean -qfd
    echo "ok: a package with its calls in two targets builds, passes ./ci.sh, and an edit recompiles one"

    echo "== ron new --one-module: the types and the calls in ShopFrontAPI alone"
    start=$(git rev-parse HEAD)
    run 0 "$bin/ron new --one-module --name ShopFront $work/one"
    take_package "$work/one" "one module"
    [ -d Sources/ShopFrontAPI/Schema ] && [ ! -e Sources/ShopFrontAPITypes ] \
        || { ls -R Sources; echo "error: ron new --one-module did not put Schema/ in ShopFrontAPI"; exit 1; }
    run 0 "./ci.sh"
    for test in fixturesMatchTheSchema aCreatedWidgetIsListedAndShown aBusyAnswerIsRetriedAfterItsRetryAfter; do
        expect_out "Test $test() passed"
    done
    expect_out "schema Sources/ShopFrontAPI/Schema (target ShopFrontAPI), fixtures Tests/ShopFrontAPITests/Fixtures"
    expect_out "^drift: 2 GET operations: 2 called (2 fit, 0 drifted, 0 tolerated), 0 skipped$"
    # The types and the calls share the target's files, laid out for the driver's jobs over its own
    # (its Swift file and the resource accessor of Schema/).
    generated=$(ls -d .build/plugins/outputs/*/ShopFrontAPI/*/RonCodegenPlugin/GeneratedSources)
    driver_layout $(($(find Sources/ShopFrontAPI -name '*.swift' | wc -l) + 1))
    written=$(ls "$generated"/RonGenerated*.swift | wc -l)
    coded=$(coded_head "$generated" RonGenerated "${layout[3]:-0}")
    [ "$written" -eq "${layout[1]}" ] && [ "$coded" -eq 0 ] && grep -q "public func getWidget(" "$generated"/RonGenerated*.swift \
        || { echo "error: ShopFrontAPI has $written files, $coded with code of its first ${layout[3]:-0}, not those of ${layout[*]} with the calls"; exit 1; }
    git reset -q --hard "$start"
    git clean -qfd
    echo "ok: a package of one module builds and passes ./ci.sh"
fi
if $real_servers; then
    "$repo/.ci/check-real-servers.sh" --package "$work/ShopFront"
fi
if $consumer; then
    echo "== a consumer of the SDK, as targets added to this package"
    "$repo/.ci/check-consumer.sh" --package "$work/ShopFront"
fi
