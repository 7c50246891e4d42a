#!/usr/bin/env bash
# libFuzzer runs of the fuzz targets in Fuzz/ (problem decoding, facet TOML, SSE parsing, schema
# reading and code generation).
# Each target is built in its own scratch path with `-sanitize=fuzzer,address -D RON_LIBFUZZER`,
# passed through a toolset file: a toolset applies to the targets being built, not to build tools
# such as the codegen plugin's ron-codegen, which would not link against libFuzzer (`-Xswiftc` would
# reach them too). Each target then runs for FUZZ_SECONDS (default 30) on a copy of its committed corpus. A crash, leak or
# broken invariant fails the script; the crashing input is kept under .build-fuzz/artifacts/. The
# targets are built one after the other, then run as many at a time as there are cores.
# Usage: .ci/fuzz.sh [target ...]      (targets: problem toml sse schema; default all)
set -uo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SECONDS:-30}
scratch=.build-fuzz
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(problem toml sse schema)
mkdir -p "$scratch/artifacts" "$scratch/corpus"
toolset="$scratch/fuzz-toolset.json"
echo '{"schemaVersion": "1.0", "swiftCompiler": {"extraCLIOptions": ["-sanitize=fuzzer,address", "-DRON_LIBFUZZER"]}}' \
    >"$toolset"

status=0
summary=()
built=()
for target in "${targets[@]}"; do
    product="fuzz-$target"
    if swift build -c debug --scratch-path "$scratch" --toolset "$toolset" --product "$product" \
        >"$scratch/$product.build.log" 2>&1; then
        built+=("$target")
    else
        summary+=("$product: BUILD FAILED (see $scratch/$product.build.log)")
        status=1
    fi
done
bin="$(swift build -c debug --scratch-path "$scratch" --toolset "$toolset" --show-bin-path)"

# Each libFuzzer run is one thread: as many run at once as the machine has cores (FUZZ_JOBS).
run_one() {
    local target=$1 product="fuzz-$1" work="$scratch/corpus/$1"
    # Work on a copy so new inputs libFuzzer finds do not land in the committed corpus.
    mkdir -p "$work"
    cp -n "Fuzz/$target/corpus/"* "$work/" 2>/dev/null || true
    "$bin/$product" "$work" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 \
        -artifact_prefix="$scratch/artifacts/$product-" >"$scratch/$product.log" 2>&1
    echo $? >"$scratch/$product.status"
}
jobs=${FUZZ_JOBS:-$(nproc)}
for target in "${built[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    run_one "$target" &
done
wait

for target in "${built[@]}"; do
    product="fuzz-$target"
    log="$scratch/$product.log"
    work="$scratch/corpus/$target"
    code=$(cat "$scratch/$product.status" 2>/dev/null || echo 1)
    runs=$(grep -oE "stat::number_of_executed_units: *[0-9]+" "$log" | grep -oE "[0-9]+$" || true)
    [ -z "$runs" ] && runs=$(grep -oE "^#[0-9]+" "$log" | tail -1 | tr -d '#')
    corpus=$(ls "$work" | wc -l)
    if [ "$code" -eq 0 ]; then
        summary+=("$product: ok, ${runs:-?} runs in ${seconds}s, corpus $corpus")
    else
        crash=$(ls -t "$scratch/artifacts/$product-"* 2>/dev/null | head -1)
        summary+=("$product: FAILED (exit $code), input ${crash:-?}, log $log")
        grep -m3 -E "invariant broken|ERROR: AddressSanitizer|ERROR: libFuzzer|Fatal error" "$log" | sed 's/^/    /'
        status=1
    fi
done
printf '%s\n' "${summary[@]}"
exit $status
