#!/usr/bin/env bash
# A schema bump is seen by the next `swift build`: adding, editing and removing a document under
# Schema/ each regenerate RonGenerated, with no other step.
#
#   .ci/check-schema-replan.sh              in a copy of the checkout's files (built from scratch)
#   .ci/check-schema-replan.sh --in-place   in the checkout and its .build (CI, where the build with
#                                           traits comes next and compiles every target again); the
#                                           probe document is removed however the check ends
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --in-place ]; then
    work=$repo
    [ ! -e "$work/Schema/zz-bump.schema.json" ] || { echo "error: Schema/zz-bump.schema.json exists"; exit 1; }
    trap 'rm -f "$work/Schema/zz-bump.schema.json"' EXIT
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    git -C "$repo" ls-files -z | (cd "$repo" && xargs -0 tar cf - --no-recursion) | (cd "$work" && tar xf -)
fi
cd "$work"
build() { swift build --target RonGenerated 2>&1 | tail -1; }
# The folder of the generated files (the types are spread over several, RonGenerated*.swift).
# (This package's: .build may hold another checkout's, such as the API check's baseline.)
identity=$(basename "$work" | tr '[:upper:]' '[:lower:]')
generated() { dirname "$(find ".build/plugins/outputs/$identity" -path '*RonGenerated/destination/*' -name RonGenerated.swift | head -1)"; }
build
cat > Schema/zz-bump.schema.json <<'JSON'
{"$defs": {"SchemaBumpProbe": {"type": "object", "properties": {"first": {"type": "string"}}}}}
JSON
build
grep -rq "public struct SchemaBumpProbe" "$(generated)" || { echo "error: a new schema document was not generated"; exit 1; }
echo "added: ok"
sed -i 's/"first"/"second"/' Schema/zz-bump.schema.json
build
grep -rq "public var second" "$(generated)" || { echo "error: an edited schema document was not regenerated"; exit 1; }
echo "edited: ok"
rm Schema/zz-bump.schema.json
build
if grep -rq "SchemaBumpProbe" "$(generated)"; then echo "error: a removed schema document is still generated"; exit 1; fi
echo "removed: ok"
echo "schema re-plan check passed"
