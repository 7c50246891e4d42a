#!/usr/bin/env bash
# Generates Swift from each published description that collect.sh took out (generation only, no
# compile): a single file is copied alone into a scratch schema folder, a multi-file one (root not
# "-" in descriptions.tsv) with its whole folder, and `ron-codegen --with-operations` runs on it
# under `timeout 300` and `/usr/bin/time -v`. Builds nothing.
#
#   Benchmarks/Published/generate.sh <out-folder> [ron-codegen]
#
# Prints one line per description and a summary; writes the results to
# <out-folder>/results-<name>.tsv, <name> being the ron-codegen file's name after "ron-codegen-"
# (results-base.tsv for ron-codegen-base; results-head.tsv for plain ron-codegen).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 <out-folder> [ron-codegen]" >&2; exit 2; }
out=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
codegen=$(realpath "${2:-$here/../../.build/debug/ron-codegen}")
[ -x "$codegen" ] || { echo "no ron-codegen at $codegen" >&2; exit 2; }
name=$(basename "$codegen"); name=${name#ron-codegen}; name=${name#-}
results="$out/results-${name:-head}.tsv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
generated=0; refused=0
printf 'vendor\tformat\tresult\tseconds\tpeak_kib\tswift_bytes\tfirst_error\n' > "$results"

while IFS=$'\t' read -r vendor repository commit path root format bytes; do
    [ "$vendor" = vendor ] && continue                      # the header
    rm -rf "$work"/*; mkdir -p "$work/schema"
    if [ ! -d "$out/$vendor" ] || { [ "$root" != - ] && [ ! -f "$out/$vendor/$root" ]; }; then
        echo "missing    $vendor: not in $out (run collect.sh)"; continue
    fi
    cp -R "$out/$vendor/." "$work/schema/"                 # one file, or the whole folder
    status=0
    /usr/bin/time -v -o "$work/time" timeout 300 "$codegen" --schema "$work/schema" \
        --output "$work/out" --with-operations > "$work/log" 2>&1 || status=$?
    # Wall time as seconds (time prints h:mm:ss or m:ss.cc), peak resident memory in KiB.
    seconds=$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$work/time" \
        | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.2f", s }')
    peak=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time")
    swift=$(cat "$work/out"/*.swift 2>/dev/null | wc -c || true)
    error=$(grep -v -e '^warning' -e '^[[:space:]]*$' "$work/log" | head -1 | tr '\t' ' ' || true)
    error=${error//"$work/schema/"/}                        # the document's name, not the scratch path
    if [ "$status" -eq 0 ]; then
        result=generated; generated=$((generated + 1)); error=""
        echo "generated  $vendor ($format): $swift bytes of Swift in $seconds s, $peak KiB"
    else
        [ "$status" -eq 124 ] && result=timeout && error="timed out after 300 s" || result=refused
        refused=$((refused + 1))
        echo "$(printf '%-10s' "$result") $vendor ($format): $error"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$vendor" "$format" "$result" "$seconds" "$peak" \
        "$swift" "$error" >> "$results"
done < "$here/descriptions.tsv"

echo "published descriptions: $generated generated, $refused refused ($results)"
