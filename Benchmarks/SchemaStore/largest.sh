#!/usr/bin/env bash
# The SchemaStore schemas built as a user's build builds them: every schema generated alone as the
# build plugin generates it (8 files, `--runtime-module RonGenerated`, the corpus for references),
# then the N whose Swift is largest compiled as SwiftPM's debug build compiles a target
# (`swiftc -Onone -enable-batch-mode -j<cores> -c`, against a debug RonGenerated module), one at a
# time: wall time and peak memory of each (capped at 8 GiB and 300 s). Compile time follows the
# size of the Swift, so the others build faster than the smallest of these; the report lists every
# schema's size.
#
#   Benchmarks/SchemaStore/largest.sh [N] [corpus]      (N defaults to 25)
set -euo pipefail
count=${1:-25}
repo=$(cd "$(dirname "$0")/../.." && pwd)
corpus=$(cd "${2:-$repo/../shared/corpora/schemastore}" && pwd)
cd "$repo"
swift build --product ron-codegen > /dev/null
codegen="$(swift build --show-bin-path)/ron-codegen"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cores=$(nproc)

echo "-- the runtime module"
mkdir -p "$work/lib"
swiftc -emit-library -static -emit-module -parse-as-library -swift-version 6 -Onone -module-name RonGenerated \
    -emit-module-path "$work/lib/RonGenerated.swiftmodule" -o "$work/lib/libRonGenerated.a" \
    Sources/RonGenerated/Support/*.swift

echo "-- generate every schema (8 files each)"
generate_one() { # schema file
    local name
    name=$(basename "$1" .json)
    mkdir -p "$work/schema/$name" "$work/gen/$name"
    cp "$1" "$work/schema/$name/$name.schema.json"
    if timeout 60 "$codegen" --schema "$work/schema/$name" --output "$work/gen/$name" --shards 8 \
        --runtime-module RonGenerated --references "$corpus/schemas" > /dev/null 2>&1; then
        echo "$(cat "$work/gen/$name"/*.swift | wc -c) $name" >> "$work/sizes.$$"
    fi
}
export -f generate_one
export work codegen corpus
find "$corpus/schemas" -maxdepth 1 -name '*.json' | sort | xargs -r -P"$cores" -n1 bash -c 'generate_one "$0"'
cat "$work"/sizes.* | sort -rn > "$work/sizes.txt"
echo "$(wc -l < "$work/sizes.txt") schemas generated; the $count largest compiled:"

echo "| schema | Swift | debug build | peak memory |"
echo "| --- | --- | --- | --- |"
head -n "$count" "$work/sizes.txt" | while read -r bytes name; do
    status=0
    (cd "$work/gen/$name" && ulimit -v 8388608 && /usr/bin/time -v -o "$work/time" timeout 300 \
        swiftc -Onone -enable-batch-mode -j"$cores" -c -swift-version 6 -parse-as-library -I "$work/lib" \
        -module-name "M_${name//[^A-Za-z0-9]/_}" ./*.swift > "$work/out.log" 2>&1) || status=$?
    wall=$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$work/time" \
        | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.1f", s }')
    peak=$(($(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time") / 1024))
    [ "$status" = 0 ] || wall="FAILED($status) after $wall"
    echo "| $name | $((bytes / 1024)) KiB | $wall s | $peak MiB |"
    rm -f "$work/gen/$name"/*.o
done
echo "-- smallest of the compiled: $(sed -n "${count}p" "$work/sizes.txt"); next: $(sed -n "$((count + 1))p" "$work/sizes.txt")"
