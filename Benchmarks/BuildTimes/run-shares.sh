#!/usr/bin/env bash
# How evenly the generator shares a description's code among the compiler driver's runs, as the build
# plugin lays out a target of one Swift file and `Schema/` on two jobs (49 files, the first 15 by name
# empty, so the driver makes three runs of 17 of the 51 sources: RonCodegenPlugin.twoJobsLayout):
# for each published description under 2 MB, the second and third runs' shares of the bytes (the
# aim: 13 and 12 parts of 25, 0.52 and 0.48), then their spread over all.
#
#   Benchmarks/BuildTimes/run-shares.sh [TOOL]
#
# TOOL: a built ron-codegen (default: this package's debug build). The descriptions: collected by
# Benchmarks/Published/collect.sh into /var/tmp/ron-published (RON_PUBLISHED).
set -u
here=$(cd "$(dirname "$0")" && pwd)
tool=${1:-$here/../../.build/debug/ron-codegen}
published=${RON_PUBLISHED:-/var/tmp/ron-published}
[ -x "$tool" ] || { echo "no ron-codegen at $tool: swift build --product ron-codegen" >&2; exit 64; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tail -n +2 "$here/../Published/descriptions.tsv" | while IFS=$'\t' read -r vendor _ _ _ _ _ bytes; do
    [ "$bytes" -lt 2000000 ] && [ -d "$published/$vendor" ] || continue
    out=$scratch/$vendor
    mkdir -p "$out"
    "$tool" --schema "$published/$vendor" --output "$out" --shards 49 --leading-empty-files 15 --leading-sources 2 \
        --driver-jobs 2 --runtime-module RonGenerated --with-operations --client-module RonAppSdkSwift >/dev/null 2>&1 \
        || { echo "$vendor: generation failed" >&2; continue; }
    # Place p of the 51 sources (the target's two first): runs 0-16, 17-33, 34-50.
    ls "$out"/*.swift | LC_ALL=C sort | xargs wc -c | grep -v ' total$' | awk -v vendor="$vendor" '
        { bytes[NR] = $1; total += $1 }
        END { for (i = 1; i <= NR; i++) { p = i + 1; if (p >= 34) third += bytes[i]; else if (p >= 17) second += bytes[i] }
              printf "%s %.3f %.3f %d\n", vendor, second / total, third / total, total }'
done | tee "$scratch/shares"
awk '{ n++; d = $2 - 0.52; squares += d * d; if (d < 0) d = -d; if (d > most) most = d }
    END { if (n) printf "%d descriptions: the second run off 0.52 by %.3f (root mean square), at most %.3f\n", n, sqrt(squares / n), most }' "$scratch/shares"
