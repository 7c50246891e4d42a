#!/usr/bin/env bash
# Generates Swift from each published description that collect.sh took out (generation only, no
# compile): a single file is copied alone into a scratch schema folder, a multi-file one (root not
# "-" in descriptions.tsv) with its whole folder, and `ron-codegen --with-operations` runs on it
# under `timeout 300` and `/usr/bin/time -v`. Builds nothing.
#
#   Benchmarks/Published/generate.sh [--typecheck] [--only a,b] <out-folder> [ron-codegen]
#
# --typecheck also type-checks what each description generated with the client module (swiftc
# -typecheck -swift-version 6, a warning counts as a failure; memory capped at 8 GiB, time at 900 s), as run.sh
# does; --only runs the named vendors alone.
#
# Prints one line per description and a summary; writes the results to
# <out-folder>/results-<name>.tsv, <name> being the ron-codegen file's name after "ron-codegen-"
# (results-base.tsv for ron-codegen-base; results-head.tsv for plain ron-codegen).
set -euo pipefail
typecheck=0; only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --typecheck) typecheck=1 ;;
        --only) only=",$2,"; shift ;;
        *) break ;;
    esac
    shift
done
[ $# -ge 1 ] || { echo "usage: $0 [--typecheck] [--only a,b] <out-folder> [ron-codegen]" >&2; exit 2; }
out=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
codegen=$(realpath "${2:-$here/../../.build/debug/ron-codegen}")
[ -x "$codegen" ] || { echo "no ron-codegen at $codegen" >&2; exit 2; }
name=$(basename "$codegen"); name=${name#ron-codegen}; name=${name#-}
results="$out/results-${name:-head}.tsv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
generated=0; refused=0; checked=0; failed=0
printf 'vendor\tformat\tresult\tseconds\tpeak_kib\tswift_bytes\tfirst_error\ttypecheck\n' > "$results"
if [ "$typecheck" = 1 ]; then
    (cd "$here/../.." && swift build --target RonAppSdkSwift > /dev/null)
    modules="$(cd "$here/../.." && swift build --show-bin-path)/Modules"
fi

while IFS=$'\t' read -r vendor repository commit path root format bytes; do
    [ "$vendor" = vendor ] && continue                      # the header
    [ -z "$only" ] || [[ "$only" == *",$vendor,"* ]] || continue
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
    checkedAs=""
    if [ "$status" -eq 0 ] && [ "$typecheck" = 1 ]; then
        for file in "$work/out"/*.swift; do
            { echo "import RonAppSdkSwift"; cat "$file"; } > "$file.tmp" && mv "$file.tmp" "$file"
        done
        # The type-check's wall time and peak memory, under an 8 GiB cap.
        check=0
        (ulimit -v 8388608; /usr/bin/time -v -o "$work/check-time" timeout 900 swiftc -typecheck -swift-version 6 \
            -I "$modules" -module-name "M_${vendor//-/_}" "$work/out"/*.swift > "$work/check" 2>&1) || check=$?
        checkSeconds=$(sed -n 's/.*Elapsed (wall clock) time.*: //p' "$work/check-time" \
            | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.0f", s }')
        checkPeak=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/check-time")
        if [ "$check" -eq 0 ] && ! grep -q -E "error|warning:" "$work/check"; then
            checked=$((checked + 1)); checkedAs="ok in $checkSeconds s, $((checkPeak / 1024)) MiB"
        else
            failed=$((failed + 1))
            checkedAs="FAILS: $(grep -m1 -E "error|warning:" "$work/check" | cut -c1-200 | tr '\t' ' ')"
        fi
    fi
    if [ "$status" -eq 0 ]; then
        result=generated; generated=$((generated + 1)); error=""
        echo "generated  $vendor ($format): $swift bytes of Swift in $seconds s, $peak KiB${checkedAs:+; type-check $checkedAs}"
    else
        [ "$status" -eq 124 ] && result=timeout && error="timed out after 300 s" || result=refused
        refused=$((refused + 1))
        echo "$(printf '%-10s' "$result") $vendor ($format): $error"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$vendor" "$format" "$result" "$seconds" "$peak" \
        "$swift" "$error" "$checkedAs" >> "$results"
done < "$here/descriptions.tsv"

[ "$typecheck" = 1 ] && echo "type-checked: $checked pass, $failed fail"
echo "published descriptions: $generated generated, $refused refused ($results)"
