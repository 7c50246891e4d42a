#!/usr/bin/env bash
# The library products' public API against the last release (the commit in .ci/api-baseline):
# every break that `swift package diagnose-api-breaking-changes` finds must be recorded in the
# "Unreleased" section of CHANGELOG.md, by the name of the type it touches (in backticks).
#
# One rule book for generated code: a break on a type that ron-codegen generated (any RonGenerated
# type not declared in Sources/RonGenerated/Support) is judged by `ron-codegen diff` against the
# same release's Schema/. Where the diff says Swift source keeps compiling (an optional member
# added: the digester sees the initializer's full name change, every call still compiles), the
# break is allowed and listed as such; where the diff says it breaks, CHANGELOG.md must name it.
# The hand-written modules and RonGenerated's runtime stay the digester's alone.
#
# The release's API, as the digester describes it, is kept in .ci/api-baseline.d/<commit>/ (one
# gzipped JSON file a module), so the check does not build the release again; without those files
# it builds it. `.ci/check-api.sh --store-baseline` writes them (after .ci/api-baseline changes).
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=$(tr -d '[:space:]' < .ci/api-baseline)
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "error: the API baseline $baseline (.ci/api-baseline) is not in this clone's history"
    exit 2
fi
modules=(RonAppSdkSwift RonGenerated)
stored=.ci/api-baseline.d
log=$(mktemp)
verdicts=$(mktemp)
generated=$(mktemp -d)
baselines=$(mktemp -d)
trap 'rm -rf "$log" "$verdicts" "$generated" "$baselines"' EXIT
if [ "${1:-}" = --store-baseline ]; then
    swift package diagnose-api-breaking-changes "$baseline" --products "${modules[@]}" \
        --baseline-dir "$baselines" --regenerate-baseline > "$log" 2>&1 || true
    rm -rf "$stored" && mkdir -p "$stored/$baseline"
    for module in "${modules[@]}"; do
        [ -s "$baselines/$baseline/$module.json" ] || { tail -30 "$log"; echo "error: no baseline for $module"; exit 1; }
        gzip -9 -n -c "$baselines/$baseline/$module.json" > "$stored/$baseline/$module.json.gz"
    done
    echo "stored the API of $baseline in $stored/$baseline"
    exit 0
fi
if [ -d "$stored/$baseline" ]; then
    mkdir -p "$baselines/$baseline"
    for module in "${modules[@]}"; do
        gunzip -c "$stored/$baseline/$module.json.gz" > "$baselines/$baseline/$module.json"
    done
else
    echo "note: no stored API of $baseline in $stored: building it (.ci/check-api.sh --store-baseline keeps it)"
fi
swift build --product ron-codegen > /dev/null
codegen="$(swift build --show-bin-path)/ron-codegen"
"$codegen" --schema Schema --output "$generated" > /dev/null
set +e
"$codegen" diff --old "$baseline" --new Schema --format json --no-fixtures \
    --fail-on any > "$verdicts"
diff_status=$?
set -e
if [ $diff_status -gt 1 ]; then
    cat "$verdicts"
    echo "error: ron-codegen diff against the baseline failed"
    exit 1
fi
set +e
swift package diagnose-api-breaking-changes "$baseline" --products "${modules[@]}" --baseline-dir "$baselines" > "$log" 2>&1
status=$?
set -e
if [ $status -ne 0 ] && ! grep -q "API breakage:" "$log"; then
    tail -30 "$log"
    echo "error: the API comparison itself failed"
    exit 1
fi
python3 - "$log" CHANGELOG.md "$verdicts" "$generated/RonGenerated.swift" <<'PY'
import json, re, sys
log, changelog = open(sys.argv[1]).read(), open(sys.argv[2]).read()
changes = json.load(open(sys.argv[3])).get("changes", [])
# The types ron-codegen generates from Schema/ (the runtime beside them is written by hand).
generated = set(re.findall(r"^public (?:struct|enum|typealias) ([A-Za-z_]\w*)", open(sys.argv[4]).read(), flags=re.M))
def diff_breaks_swift(name):
    return any(c.get("swiftSource") == "breaking"
               and (c.get("type") == name or re.search(r"\b" + re.escape(name) + r"\b", c.get("detail", "")))
               for c in changes)
match = re.search(r"^## \[Unreleased\]\n(.*?)(?=^## \[)", changelog, flags=re.S | re.M)
unreleased = match.group(1) if match else ""
breaks = re.findall(r"API breakage: (.*)", log)
missing = []
allowed = []
for line in breaks:
    symbol = re.match(r"(?:\w+ )+?([A-Za-z_][\w]*)[.(\s]", line + " ")
    name = symbol.group(1) if symbol else line
    if re.search(r"`" + re.escape(name) + r"[`.(/]", unreleased):
        continue
    # A generated type's change that the schema diff calls compatible for Swift source.
    if symbol and name in generated and not diff_breaks_swift(name):
        allowed.append((name, line))
        continue
    missing.append((name, line))
recorded = len(breaks) - len(missing) - len(allowed)
print(f"{len(breaks)} API change(s) against the last release: {recorded} recorded in CHANGELOG.md, "
      f"{len(allowed)} in generated types that ron-codegen diff calls source-compatible")
for name, line in allowed:
    print(f"allowed by ron-codegen diff (`{name}`): {line}")
for name, line in missing:
    print(f"error: not in CHANGELOG.md's Unreleased section (`{name}`): {line}")
sys.exit(1 if missing else 0)
PY
