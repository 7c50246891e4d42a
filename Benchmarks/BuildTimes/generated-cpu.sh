#!/usr/bin/env bash
# The compiler's own work on the generated code of split packages that run.sh made (`--split`), apart
# from SwiftPM's planning and the host's parallelism: the types' files, then the calls' files, each
# joined into one file and compiled by one `swift-frontend -c` job as a debug build compiles them
# (-Onone -g, Swift 6 mode), against the modules that package's own build made. ROUNDS rounds, the
# packages in turn; prints each package's median CPU time (user + system), the largest resident
# memory, the object's size and the ratio of each median to the last package's (put the baseline
# last: a package of the earlier SDK).
#
#   Benchmarks/BuildTimes/generated-cpu.sh ROUNDS PACKAGE...
#
# PACKAGE: <work>/<vendor>-ours-split, built (run.sh builds it). Each job runs under `ulimit -v`
# (16 GiB) and a timeout of 20 minutes.
set -u
[ $# -ge 2 ] || { echo "usage: $0 ROUNDS PACKAGE..." >&2; exit 64; }
rounds=$1; shift
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a whole number from 1, got '$rounds'" >&2; exit 64; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# A package's name in the output: its work folder's and its own.
label() { echo "$(basename "$(dirname "$1")")/$(basename "$1")"; }
for dir in "$@"; do
    case "$dir" in *-ours-split) ;; *) echo "$dir: a split package of run.sh (<vendor>-ours-split) is needed" >&2; exit 64 ;; esac
    debug=$(cd "$dir" && swift build --show-bin-path) || exit 1
    outputs="$dir/.build/plugins/outputs/$(basename "$dir" | tr 'A-Z' 'a-z')"
    [ -d "$outputs/BenchAPI" ] && [ -d "$debug/Modules" ] || { echo "$dir is not built: build it with run.sh" >&2; exit 64; }
    key=$(label "$dir" | tr '/' '_')
    # One file each; the imports once, at the top (the files name the same modules).
    for part in BenchAPITypes BenchAPI; do
        files=$(ls "$outputs/$part"/destination/RonCodegenPlugin/GeneratedSources/*.swift)
        # shellcheck disable=SC2086
        { grep -h '^import ' $files | sort -u; grep -hv '^import ' $files; } >"$scratch/$key-$part.swift"
    done
done

compile() { # FILE MODULES MODULE-NAME: prints "cpu-seconds max-kib"
    local out
    out=$( (ulimit -v 16777216; /usr/bin/time -f "%U %S %M" timeout 1200 swiftc -frontend -c -primary-file "$1" \
        -module-name "$3" -I "$2" -Onone -g -swift-version 6 -o "${1%.swift}.o" 2>&1 >/dev/null) | tail -1)
    awk '{printf "%.2f %d\n", $1 + $2, $3}' <<<"$out"
}

declare -A cpu memory
for round in $(seq "$rounds"); do
    for dir in "$@"; do
        key=$(label "$dir" | tr '/' '_')
        modules="$(cd "$dir" && swift build --show-bin-path)/Modules"
        for part in BenchAPITypes BenchAPI; do
            read -r seconds kib < <(compile "$scratch/$key-$part.swift" "$modules" "Bench$part")
            echo "round $round $(label "$dir") $part ${seconds} s, $((kib / 1024)) MiB"
            cpu[$key-$part]="${cpu[$key-$part]:-} $seconds"
            [ "${memory[$key-$part]:-0}" -ge "$kib" ] || memory[$key-$part]=$kib
        done
    done
done
median() { tr ' ' '\n' <<<"$1" | grep . | sort -n | awk '{a[NR]=$1} END{print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
last=$(label "${!#}" | tr '/' '_')
for part in BenchAPITypes BenchAPI; do
    base=$(median "${cpu[$last-$part]}")
    for dir in "$@"; do
        key=$(label "$dir" | tr '/' '_')
        m=$(median "${cpu[$key-$part]}")
        size=$(stat -c %s "$scratch/$key-$part.o")
        echo "$part median $(label "$dir") ${m} s CPU, $((memory[$key-$part] / 1024)) MiB, object $((size / 1024)) KiB, lines $(wc -l <"$scratch/$key-$part.swift"): $(awk -v a="$m" -v b="$base" 'BEGIN{printf "%.2f", a / b}') of $(label "${!#}")"
    done
done
