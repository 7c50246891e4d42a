#!/usr/bin/env bash
# The codegen corpus (Tests/CodegenCorpus): 100 generated documents in the shapes schemars and
# OpenAPI 3.1 tools emit plus hand-written samples. Each must either generate Swift that
# type-checks (all of them together, in one swiftc run with the runtime) or be refused with its
# file and JSON pointer. Generated code that does not compile is a generator bug.
# RON_CODEGEN=PATH: use that ron-codegen instead of building one (CI: the one its build made, while
# `swift test` holds .build).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$repo"
if [ -n "${RON_CODEGEN:-}" ]; then
    codegen=$RON_CODEGEN
else
    swift build --product ron-codegen > /dev/null
    codegen="$(swift build --show-bin-path)/ron-codegen"
fi
python3 Tests/CodegenCorpus/make_corpus.py "$work/docs" 100
generated=0
refused=0
for folder in "$work"/docs/*/; do
    name=$(basename "$folder")
    catalog="Catalog_$(echo "$name" | tr -c 'A-Za-z0-9\n' '_')"
    if output=$("$codegen" --schema "$folder" --output "$work/swift/$name" --catalog-name "$catalog" 2>&1); then
        generated=$((generated + 1))
        for file in "$work/swift/$name"/*.swift; do mv "$file" "$work/swift/$name/$name-$(basename "$file")"; done
        case "$name" in sample-refused-*) echo "error: $name should have been refused"; exit 1 ;; esac
    else
        # A refusal names the document and a JSON pointer ("…/file.json: at /…: message").
        if ! echo "$output" | grep -Eq "\.json: (at /[^:]*: )?[a-z\$'\"]"; then
            echo "error: $name was refused without a location: $output"
            exit 1
        fi
        case "$name" in sample-refused-*) ;; *) echo "note: $name refused: $output" ;; esac
        refused=$((refused + 1))
    fi
done
swiftc -typecheck -swift-version 6 -module-name CodegenCorpus \
    Sources/RonGenerated/Support/*.swift "$work"/swift/*/*.swift
echo "codegen corpus: $generated documents generated and type-checked, $refused refused with a location"
