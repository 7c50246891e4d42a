#!/usr/bin/env bash
# Published OpenAPI descriptions through ron-codegen: each document (a .json or .yaml file in the
# folder given, or in its subfolders) is generated alone with its operations, then type-checked
# with the client module. Prints one line per document and a summary (BENCHMARKS.md, section 11).
#
#   Benchmarks/Published/run.sh <folder> [ron-codegen]
#
# The documents are not in this repository: BENCHMARKS.md says where each set comes from.
set -euo pipefail
folder=$(cd "$1" && pwd)
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
swift build --product ron-codegen > /dev/null
swift build --target RonAppSdkSwift > /dev/null
bin=$(swift build --show-bin-path)
codegen=${2:-$bin/ron-codegen}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
generated=0; refused=0; compiled=0; failed=0
while IFS= read -r document; do
    name=$(basename "$document" | sed 's/\.[^.]*$//' | tr -c 'A-Za-z0-9\n' '_')
    mkdir -p "$work/$name/schema" "$work/$name/swift"
    cp "$document" "$work/$name/schema/"
    if ! output=$("$codegen" --schema "$work/$name/schema" --output "$work/$name/swift" --with-operations 2>&1); then
        refused=$((refused + 1))
        echo "refused   $name: $(echo "$output" | grep -v '^warning' | head -1 | cut -c1-240)"
        continue
    fi
    generated=$((generated + 1))
    for file in "$work/$name/swift"/*.swift; do
        { echo "import RonAppSdkSwift"; cat "$file"; } > "$file.tmp" && mv "$file.tmp" "$file"
    done
    calls=$(grep -c "^    public func " "$work/$name/swift/RonOperations.swift" || true)
    started=$SECONDS
    output=$(swiftc -typecheck -swift-version 6 -I "$bin/Modules" -module-name "M_$name" \
        "$work/$name/swift"/*.swift 2>&1) || output="$output
error: swiftc failed"
    problems=$(echo "$output" | grep -E "error|warning:" | head -3 || true)
    if [ -n "$problems" ]; then
        failed=$((failed + 1))
        echo "no-build  $name: $problems"
    else
        compiled=$((compiled + 1))
        echo "ok        $name: $calls calls, type-checked in $((SECONDS - started)) s"
    fi
done < <(find "$folder" -type f \( -name '*.json' -o -name '*.yaml' -o -name '*.yml' \) | sort)
echo "published descriptions: $generated generated ($compiled type-check, $failed do not), $refused refused"
