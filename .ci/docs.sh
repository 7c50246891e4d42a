#!/usr/bin/env bash
# Builds the DocC documentation of RonAppSdkSwift, RonGenerated and RonTransportConformance with warnings as errors, and
# checks that every public symbol has a doc comment. Uses the toolchain's own docc and
# swift-symbolgraph-extract on the modules of the debug build (.ci/run builds them first), so no
# documentation plugin is a dependency of the package and nothing of this reaches a consumer.
set -euo pipefail
cd "$(dirname "$0")/.."
modules="$(swift build --show-bin-path)/Modules"
triple=$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["triple"])')
out=${DOCS_OUTPUT:-$(mktemp -d)}
for module in RonAppSdkSwift RonGenerated RonTransportConformance; do
    graphs="$out/symbol-graphs/$module"
    mkdir -p "$graphs"
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$modules" -output-dir "$graphs" \
        -minimum-access-level public -skip-synthesized-members
    python3 - "$graphs/$module.symbols.json" <<'PY'
import json, sys
graph = json.load(open(sys.argv[1]))
missing = [
    ".".join(s["pathComponents"]) for s in graph["symbols"]
    if s["accessLevel"] in ("public", "open") and not s.get("docComment")
    and not s["pathComponents"][-1].startswith("$")  # a property wrapper's projection
]
if missing:
    print("error: public symbols without a doc comment:\n  " + "\n  ".join(sorted(missing)))
    sys.exit(1)
print(f"{graph['module']['name']}: {len(graph['symbols'])} public symbols, all documented")
PY
    docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.ron-core.$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors 2>&1 | tail -40
done
echo "documentation built in $out"
