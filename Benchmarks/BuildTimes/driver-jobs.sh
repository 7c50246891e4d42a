#!/usr/bin/env bash
# What the compiler driver does with a package's generated code, job by job: the API target's code
# generated again in N files (`ron-codegen --shards N`, as the build plugin runs it), then compiled
# by SwiftPM's own `swiftc` command for that target (its flags, the sources and output map pointed at
# the new files), with a wrapper around `swift-frontend` that logs each job: its kind (emit-module,
# compile with its number of files, modulewrap), when it started after the driver, how long it took
# and its CPU time. Prints one line per job and a summary per run: the wall time of the driver, the
# CPU of all its jobs and whether the second compile job started only when the first had ended
# ("serial") instead of when the module job did ("parallel"): BENCHMARKS.md, "Files by the schema's
# size".
#
#   Benchmarks/BuildTimes/driver-jobs.sh ROUNDS PACKAGE N...
#
# The jobs write to the package's own index store, as SwiftPM's builds do: a fresh store made each
# job index the modules it imports again (over a second of the first job's CPU on hubspot's code).
#
# PACKAGE: a package of run.sh, built: <work>/<vendor>-ours (one module: BenchAPI, the types and calls)
# or <work>/<vendor>-ours-split (BenchAPITypes, then BenchAPI with the calls alone, compiled against the
# types module this script made). Each N is a number of files, from 1 to 64; rounds take them in turn.
set -u
[ $# -ge 3 ] || { echo "usage: $0 ROUNDS PACKAGE N..." >&2; exit 64; }
rounds=$1; package=$(cd "$2" && pwd) || exit 64; shift 2
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a whole number from 1, got '$rounds'" >&2; exit 64; }
for n in "$@"; do
    [[ "$n" =~ ^[1-9][0-9]*$ ]] && [ "$n" -le 64 ] || { echo "N must be a whole number from 1 to 64, got '$n'" >&2; exit 64; }
done
# shellcheck source=clean.sh
. "$(dirname "$0")/clean.sh"
case "$package" in
*-ours-split) parts=(BenchAPITypes BenchAPI) ;;
*-ours) parts=(BenchAPI) ;;
*) echo "$package: a package of run.sh (<vendor>-ours or <vendor>-ours-split) is needed" >&2; exit 64 ;;
esac
schema=$(schema_folder "$package") || { echo "$package has no Schema/ folder" >&2; exit 64; }
# shellcheck source=driver-command.sh
. "$(dirname "$0")/driver-command.sh"
package_tool "$package"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# SwiftPM's command for each part, from one verbose build after run.sh's clean.
for part in "${parts[@]}"; do clean_target "$package" "$part" "$id"; done
(cd "$package" && swift build --target BenchAPI -v >"$scratch/verbose.log" 2>&1) || { echo "$package does not build: $scratch/verbose.log" >&2; exit 1; }

# The frontend wrapper: one line per job in $scratch/jobs.log.
cat >"$scratch/frontend" <<'WRAPPER'
#!/usr/bin/env bash
kind=other
for argument in "$@"; do
    case "$argument" in -emit-module) [ "$kind" = other ] && kind=emit-module ;; -c) kind=compile ;; -modulewrap) kind=modulewrap ;; esac
done
files=0
for argument in "$@"; do [ "$argument" = -primary-file ] && files=$((files + 1)); done
start=$(date +%s.%N)
/usr/bin/time -f "%U %S" -o "$JOBS_LOG.$$" "$REAL_FRONTEND" "$@"
status=$?
echo "$kind $files $start $(date +%s.%N) $(cat "$JOBS_LOG.$$")" >>"$JOBS_LOG"
rm -f "$JOBS_LOG.$$"
exit $status
WRAPPER
chmod +x "$scratch/frontend"
export REAL_FRONTEND
REAL_FRONTEND=$(dirname "$(command -v swiftc)")/swift-frontend

# run N PART: generate PART's code in N files into $scratch/N and compile it as SwiftPM does.
run() {
    local n=$1 part=$2 dir=$scratch/$1 command start seconds
    mkdir -p "$dir/types" "$dir/calls" "$dir/prepared" "$dir/modules" "$dir/$part"
    case "$part:${#parts[@]}" in
    BenchAPITypes:2) "$tool" --schema "$schema" --output "$dir/types" --shards "$n" --runtime-module RonGenerated \
        --prepare-calls "$dir/prepared" --types-module BenchAPITypes --client-module RonAppSdkSwift >/dev/null 2>&1 ;;
    BenchAPI:2) "$tool" --schema "$schema" --output "$dir/calls" --shards "$n" --operations --types-module BenchAPITypes \
        --runtime-module RonGenerated --client-module RonAppSdkSwift --prepared "$dir/prepared" >/dev/null 2>&1 ;;
    BenchAPI:1) "$tool" --schema "$schema" --output "$dir/calls" --shards "$n" --runtime-module RonGenerated \
        --with-operations --client-module RonAppSdkSwift >/dev/null 2>&1 ;;
    esac
    local generated=$dir/calls
    [ "$part" = BenchAPITypes ] && generated=$dir/types
    { grep -v /plugins/outputs/ "$debug/$part.build/sources"; ls "$generated"/*.swift; } >"$dir/$part/sources"
    output_map "$dir/$part" "$dir/$part"
    command=$(swiftc_command "$scratch/verbose.log" "$part" "$dir/$part" "$dir/modules")
    [ -n "$command" ] || { echo "no swiftc command for $part in $scratch/verbose.log" >&2; exit 1; }
    export JOBS_LOG=$dir/$part/jobs.log
    rm -f "$JOBS_LOG"
    start=$(date +%s.%N)
    bash -c "$command -driver-use-frontend-path $scratch/frontend" >"$dir/$part/driver.log" 2>&1 ||
        { echo "$part with $n files failed:"; grep -a error "$dir/$part/driver.log" | head -5; exit 1; }
    seconds=$(echo "$(date +%s.%N) - $start" | bc)
    awk -v s="$start" '{ printf "    %-11s %2d files  start +%.2f s  %.2f s  CPU %.2f s\n", $1, $2, $3 - s, $4 - $3, $5 + $6 }' "$JOBS_LOG"
    awk -v n="$n" -v part="$part" -v wall="$seconds" -v files="$(wc -l <"$dir/$part/sources")" '
        { cpu += $5 + $6 }
        $1 == "emit-module" { moduleEnd = $4 }
        $1 == "compile" { start[++c] = $3; end[c] = $4 }
        END {
            mode = "one job"
            if (c >= 2) mode = (start[2] >= end[1] - 0.05 && start[2] > moduleEnd + 0.2) ? "serial" : "parallel"
            printf "%s: %d files (%d sources), driver %.2f s, CPU %.2f s, %s\n", part, n, files, wall, cpu, mode
        }' "$JOBS_LOG"
}

for round in $(seq "$rounds"); do
    for n in "$@"; do
        rm -rf "${scratch:?}/$n"
        for part in "${parts[@]}"; do
            echo "round $round, $(basename "$package"), $n files"
            run "$n" "$part"
        done
    done
done
