#!/usr/bin/env bash
# Section 3's soaks twice, for BENCHMARKS.md ("Sustained load and memory"): on FoundationNetworking
# as the toolchain ships it, then with its per-request leak in the host check removed
# (host-check-fixed.c, preloaded). Usage: Benchmarks/Diagnostics/urlsession-memory.sh [minutes]
# (default 5). Linux only; needs a C compiler and libcurl.so.4 (which FoundationNetworking loads).
set -euo pipefail
minutes=${1:-5}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
scratch=${RON_BENCH_SCRATCH:-$root/.build-bench}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc -O2 -shared -fPIC "$here/host-check-fixed.c" -o "$work/libhost-check-fixed.so" -l:libcurl.so.4
cd "$root"
swift build -c release --scratch-path "$scratch" --traits AsyncHTTPClient --product ron-bench
bench="$scratch/release/ron-bench"

"$bench" --only 3 --soak-only --soak-minutes "$minutes" --output "$work/as-shipped.md"
LD_PRELOAD="$work/libhost-check-fixed.so" \
    "$bench" --only 3 --soak-only --soak-minutes "$minutes" --output "$work/fixed.md"

echo
echo "## FoundationNetworking as shipped ($(swift --version 2>/dev/null | head -1))"
cat "$work/as-shipped.md"
echo
echo "## The same, with the host check's leak removed"
cat "$work/fixed.md"
