#!/usr/bin/env bash
# A schema bump is seen by the next `swift build`: adding, editing and removing a document under
# Schema/ each regenerate RonGenerated, with no other step.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$repo" ls-files -z | (cd "$repo" && xargs -0 tar cf - --no-recursion) | (cd "$work" && tar xf -)
cd "$work"
build() { swift build --target RonGenerated 2>&1 | tail -1; }
# The folder of the generated files (the types are spread over several, RonGenerated*.swift).
generated() { dirname "$(find .build/plugins/outputs -path '*RonGenerated/destination/*' -name RonGenerated.swift | head -1)"; }
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
