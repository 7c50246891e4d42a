#!/usr/bin/env bash
# Published API descriptions (Benchmarks/Published/descriptions.tsv: 52 vendors, Swagger 2.0 and
# descriptions in several files among them) through ron-codegen --with-operations: every one must
# generate. Their content is never kept in this repository; collect.sh takes it out of local git
# snapshots into RON_PUBLISHED_DIR (default /var/tmp/ron-published). Where that folder is missing
# (a machine that never collected them), the check says so and passes; BENCHMARKS.md has the figures
# of the last full run with type-checks (generate.sh --typecheck).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
folder=${RON_PUBLISHED_DIR:-/var/tmp/ron-published}
if [ ! -d "$folder" ]; then
    echo "skipped: no published descriptions at $folder (Benchmarks/Published/collect.sh makes them)"
    exit 0
fi
cd "$repo"
swift build --product ron-codegen > /dev/null
codegen="$(swift build --show-bin-path)/ron-codegen"
output=$(Benchmarks/Published/generate.sh "$folder" "$codegen")
echo "$output" | grep -v -e '^generated ' -e '^published descriptions' || true
summary=$(echo "$output" | tail -1)
echo "$summary"
case "$summary" in
    *" 0 refused"*) ;;
    *) echo "error: a published description is refused (see above)"; exit 1 ;;
esac
