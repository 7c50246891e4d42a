#!/usr/bin/env bash
# Decoding and encoding speed of one generated type, for this commit's generator and an earlier one:
# the description's output compiled with `-O -wmo` with a small program that decodes PAYLOAD as TYPE
# and encodes the value again (JSONDecoder and JSONEncoder), against this checkout's release
# RonGenerated and RonAppSdkSwift; the programs alternate, best of seven rounds each; both must
# write the same JSON back.
#
#   Benchmarks/BuildTimes/decoding.sh [--published DIR] OLD-REV VENDOR TYPE PAYLOAD [ROUNDS]
#
# PAYLOAD: a JSON value of TYPE, e.g. from make_payload.py (BENCHMARKS.md gives the commands).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
published=${RON_PUBLISHED:-/var/tmp/ron-published}
[ "${1:-}" = --published ] && { published=$2; shift 2; }
[ $# -ge 4 ] || { echo "usage: $0 [--published DIR] OLD-REV VENDOR TYPE PAYLOAD [ROUNDS]" >&2; exit 64; }
old_rev=$1 vendor=$2 type=$3 payload=$(cd "$(dirname "$4")" && pwd)/$(basename "$4") rounds=${5:-30}
work=$(mktemp -d /var/tmp/ron-decoding.XXXXXX)
git clone -q "$repo" "$work/old" && git -C "$work/old" checkout -q "$old_rev"
(cd "$work/old" && swift build --product ron-codegen >/dev/null)
(cd "$repo" && swift build --product ron-codegen >/dev/null && swift build -c release --target RonAppSdkSwift >/dev/null)
release=$(cd "$repo" && swift build -c release --show-bin-path)
cat >"$work/main.swift" <<SWIFT
import Foundation
import RonGenerated

@main
struct Bench {
    static func main() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
        let rounds = Int(CommandLine.arguments[2]) ?? 30
        var decode = Double.infinity
        var encode = Double.infinity
        let value = try JSONDecoder().decode($type.self, from: data)
        for _ in 0..<7 {
            var start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<rounds { _ = try JSONDecoder().decode($type.self, from: data) }
            decode = min(decode, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<rounds { _ = try JSONEncoder().encode(value) }
            encode = min(encode, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let megabytes = Double(data.count * rounds) / 1e6
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        try encoder.encode(value).write(to: URL(fileURLWithPath: CommandLine.arguments[3]))
        print(String(format: "%.1f %.1f", megabytes / decode, megabytes / encode))
    }
}
SWIFT
objects=$(ls "$release"/RonGenerated.build/*.o "$release"/RonAppSdkSwift.build/*.o "$release"/Logging.build/*.o)
for name in before now; do
    tool=$([ $name = before ] && echo "$work/old/.build/debug/ron-codegen" || echo "$repo/.build/debug/ron-codegen")
    mkdir -p "$work/$name/generated"
    "$tool" --schema "$published/$vendor" --output "$work/$name/generated" --shards 32 --runtime-module RonGenerated \
        --with-operations --client-module RonAppSdkSwift >/dev/null
    # shellcheck disable=SC2086
    swiftc -O -wmo -parse-as-library -module-name DecodingBench -I "$release/Modules" \
        -module-cache-path "$release/ModuleCache" "$work/main.swift" "$work/$name"/generated/*.swift $objects \
        -o "$work/$name/bench"
done
echo "| description | type | payload | generator | decode MB/s (best of 7) | encode MB/s (best of 7) |"
echo "| --- | --- | ---: | --- | ---: | ---: |"
declare -A decode encode
for round in 1 2 3; do
    for name in before now; do
        read -r d e < <("$work/$name/bench" "$payload" "$rounds" "$work/$name/written.json")
        awk "BEGIN { exit !($d > ${decode[$name]:-0}) }" && decode[$name]=$d
        awk "BEGIN { exit !($e > ${encode[$name]:-0}) }" && encode[$name]=$e
    done
done
for name in before now; do
    echo "| $vendor | $type | $(wc -c <"$payload") B | $name | ${decode[$name]} | ${encode[$name]} |"
done
cmp -s "$work/before/written.json" "$work/now/written.json" || echo "the two wrote different JSON: $work/*/written.json" >&2
