#!/usr/bin/env bash
# A separate package that depends on this one by path, imports RonAppSdkSwift and RonGenerated,
# decodes a RonProblem and a Page, and makes a call; a target of its own with a Schema/ holding an
# OpenAPI 3.1 document gets that document's calls on RonClient from the plugin, applied through the
# external product (it builds and lists its operations). It must resolve no package but swift-log, and
# an app depending on RonAppSdkSwift must not link the TOML parser (facet tooling is the RonFacets
# product; only the build machine's ron-codegen, run by the plugin, reads TOML schema documents).
# Then, for each package trait, a consumer that enables only that trait: prints the packages the
# trait adds (resolution only, nothing is built) and checks the light traits stay light.
#
#   .ci/check-consumer.sh                 in a fresh package
#   .ci/check-consumer.sh --package DIR   in DIR, a package that depends on this checkout by path and
#                                         on nothing else (one made by `ron new`): the targets are
#                                         added to it, so the SDK it already built is reused
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
package=""
if [ "${1:-}" = --package ]; then
    package=$(cd "$2" && pwd)
    grep -q '\.package(path: ' "$package/Package.swift" || {
        echo "error: $package does not depend on this checkout by path"
        exit 1
    }
fi
targets='
        .executableTarget(
            name: "ReadmeSnippets",
            dependencies: [
                .product(name: "RonAppSdkSwift", package: "'"$identity"'"),
                .product(name: "RonFacets", package: "'"$identity"'"),
                .product(name: "RonTransportConformance", package: "'"$identity"'"),
            ]
        ),
        .executableTarget(
            name: "Consumer",
            dependencies: [
                .product(name: "RonAppSdkSwift", package: "'"$identity"'"),
                .product(name: "RonGenerated", package: "'"$identity"'"),
            ]
        ),
        .executableTarget(
            name: "UserOperations",
            dependencies: [.product(name: "RonAppSdkSwift", package: "'"$identity"'")],
            resources: [.process("Schema")],
            plugins: [.plugin(name: "RonCodegenPlugin", package: "'"$identity"'")]
        ),'
if [ -n "$package" ]; then
    consumer=$package
    # The package's own targets stay as they are; these three come after them.
    printf '\npackage.targets += [%s\n]\n' "$targets" >> "$consumer/Package.swift"
else
    consumer=$work
    cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "Consumer",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$repo")],
    targets: [$targets
    ]
)
SWIFT
fi
mkdir -p "$consumer/Sources/Consumer" "$consumer/Sources/UserOperations/Schema"
cat > "$consumer/Sources/Consumer/main.swift" <<'SWIFT'
import Foundation
import RonAppSdkSwift
import RonGenerated

let problem = try JSONDecoder().decode(
    RonProblem.self, from: Data(#"{"code":"rate_limited","message":"slow down","retryable":true,"retry_after_ms":250}"#.utf8))
let page = try JSONDecoder().decode(
    Page<Health>.self, from: Data(#"{"items":[{"ok":true}],"next_page_token":"t2"}"#.utf8))
precondition(problem.retryAfterMs == 250 && page.items.first?.ok == true && page.nextPageToken == "t2")
print("consumer ok: \(problem.code), \(page.items.count) item")
SWIFT
# A user's own operations: an OpenAPI 3.1 document and its types in the target's Schema/.
cat > "$consumer/Sources/UserOperations/Schema/notes.openapi.json" <<'JSON'
{
  "openapi": "3.1.0",
  "info": {"title": "Notes", "version": "1.0.0"},
  "paths": {
    "/notes/{note_id}": {
      "get": {
        "operationId": "getNote",
        "summary": "One note.",
        "parameters": [
          {"name": "note_id", "in": "path", "required": true, "schema": {"type": "string"}},
          {"name": "tag", "in": "query", "schema": {"type": "array", "items": {"type": "string"}}}
        ],
        "responses": {
          "200": {"description": "The note.", "content": {"application/json": {"schema": {"$ref": "notes.schema.json#/$defs/Note"}}}}
        }
      }
    }
  }
}
JSON
cat > "$consumer/Sources/UserOperations/Schema/notes.schema.json" <<'JSON'
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "Notes",
  "$defs": {
    "Note": {
      "type": "object",
      "description": "A note.",
      "properties": {"id": {"type": "string"}, "text": {"type": "string"}},
      "required": ["id", "text"]
    }
  }
}
JSON
cat > "$consumer/Sources/UserOperations/main.swift" <<'SWIFT'
import Foundation
import RonAppSdkSwift

/// The generated call, typed by the user's schema (compiled, not sent).
func note(_ client: RonClient) async -> String? {
    let answer: AppResponse<Note> = await client.getNote(noteId: "a/b", tag: ["x", "y"])
    return answer.data?.text
}
print("user operations: \(RonOperationCatalog.operations.map(\.operationId).joined(separator: ","))")
SWIFT
# README.md's Swift snippets, compiled as a second target of the consumer.
python3 "$repo/.ci/readme_snippets.py" "$repo/README.md" "$consumer/Sources/ReadmeSnippets" "$repo"
cd "$consumer"
# First the app alone: RonAppSdkSwift + RonGenerated must not pull in RonTOML.
if ! swift build -c debug --product Consumer > build-app.log 2>&1; then
    grep -E "error" build-app.log | head -30
    echo "error: the consumer does not build"
    exit 1
fi
linked=$(find .build -path "*Consumer.product/Objects.LinkFileList" | head -1)
if [ -z "$linked" ]; then
    echo "error: no link file list for the Consumer executable"
    exit 1
fi
if grep -q "/RonTOML.build/" "$linked" || ! grep -q "/RonAppSdkSwift.build/" "$linked"; then
    echo "error: an app depending on RonAppSdkSwift links RonTOML (or the list is not what it seems)"
    exit 1
fi
echo "an app depending on RonAppSdkSwift links no RonTOML"
if ! swift build -c debug > build.log 2>&1; then
    grep -E "error" build.log | head -30
    echo "error: the consumer or the README snippets do not build"
    exit 1
fi
tail -1 build.log
swift run Consumer
if [ "$(swift run UserOperations 2>/dev/null | tail -1)" != "user operations: getNote" ]; then
    echo "error: the plugin did not generate the consumer target's own operations"
    exit 1
fi
echo "a consumer's own target gets its operations from the plugin"
# The build plugin's tool, which every consumer's build links (twice when SwiftPM plans again),
# carries the generator and not the mock server (ron-mock does).
tool=$(find .build -path "*ron-codegen-tool.product/Objects.LinkFileList" | head -1)
if [ -z "$tool" ] || grep -q "/RonMock-tool.build/" "$tool" || ! grep -q "/RonCodegenCore-tool.build/" "$tool"; then
    echo "error: the build plugin's ron-codegen links RonMock (or its link file list is not what it seems: '$tool')"
    exit 1
fi
echo "the build plugin's ron-codegen links no RonMock"
resolved_packages() {
swift package show-dependencies --format json | python3 -c '
import json, sys
def walk(node, out):
    for dep in node.get("dependencies", []):
        out.add(dep["identity"]); walk(dep, out)
names = set(); walk(json.load(sys.stdin), names)
# What was fetched at all, not only what the graph shows.
try:
    pins = json.load(open("Package.resolved")).get("pins", [])
    names.update(pin["identity"] for pin in pins)
except FileNotFoundError:
    pass
print(" ".join(sorted(names)))'
}
resolved=$(resolved_packages)
echo "resolved packages: $resolved"
for name in $resolved; do
    case "$name" in
        "$identity" | swift-log) ;;
        *) echo "error: a consumer of RonAppSdkSwift resolved '$name'"; exit 1 ;;
    esac
done
echo "consumer check passed"

# What each trait adds. Expected additions for the light traits; the server traits are listed only.
# The five consumers resolve at once (on 2 cores, 29 s instead of 43 one after another).
declare -A expected=([Metrics]="swift-metrics" [Tracing]="swift-distributed-tracing")
traits=(AsyncHTTPClient Metrics Tracing Vapor Hummingbird)
pids=()
for trait in "${traits[@]}"; do
    dir="$work/trait-$trait"
    mkdir -p "$dir/Sources/Consumer"
    echo 'import RonAppSdkSwift' > "$dir/Sources/Consumer/main.swift"
    cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
    name: "Consumer$trait",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "$repo", traits: ["$trait"])],
    targets: [.executableTarget(name: "Consumer", dependencies: [.product(name: "RonAppSdkSwift", package: "$identity")])]
)
SWIFT
    (cd "$dir" && resolved_packages > resolved.txt 2> resolve.log) &
    pids+=($!)
done
for index in "${!traits[@]}"; do
    trait=${traits[$index]}
    dir="$work/trait-$trait"
    if ! wait "${pids[$index]}"; then
        tail -20 "$dir/resolve.log"
        echo "error: the consumer with trait $trait does not resolve"
        exit 1
    fi
    added=$(tr ' ' '\n' < "$dir/resolved.txt" | grep -vxE "$identity|swift-log" | tr '\n' ' ' | sed 's/ $//')
    echo "trait $trait adds: ${added:-nothing}"
    if [[ -n "${expected[$trait]:-}" && "$added" != "${expected[$trait]}" ]]; then
        echo "error: trait $trait should add only ${expected[$trait]}"
        exit 1
    fi
done
echo "trait check passed"
