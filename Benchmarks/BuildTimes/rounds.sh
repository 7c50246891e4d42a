#!/usr/bin/env bash
# One kind of build of several packages of run.sh, in turn, ROUNDS rounds: on a machine whose speed
# drifts (a shared host), builds made in turn compare where two runs of run.sh, minutes apart, do
# not. Prints each build's wall time, then each package's median and its ratio to the last package's
# (put the baseline last: swift-openapi-generator's package, or the earlier SDK's), and its fastest
# round with that ratio.
#
#   Benchmarks/BuildTimes/rounds.sh KIND ROUNDS PACKAGE...
#
# KIND: clean (the API target's objects, module and generated files removed, as run.sh's clean build
# does), compile (the objects and module alone removed, the generated files kept, so no generator
# runs again; SwiftPM was seen to plan the build again anyway when other packages were built in
# between: BENCHMARKS.md), plan (Package.swift touched: SwiftPM loads the manifests and plans the
# build again, which links the plugins' tools again, with nothing to compile: what follows an edit
# of Package.swift), environment (nothing changed but one environment variable, a new value each
# build: SwiftPM keeps the environment with each compiled plugin and with the manifests it loaded,
# so it compiles the plugins again and plans the build again: what a build from a new shell, or
# after `cd`, which sets OLDPWD, pays), package (the same, but a plain `swift build` of the whole
# package, as a user types it: SwiftPM then compiles every plugin in the graph, the command plugins
# too, where `--target` compiles the build plugins that target uses), operation (one more optional
# query parameter on the first operation),
# documentation (that operation's description changed) or type (one more optional property on the
# first object schema). PACKAGE: a package folder that run.sh made and built:
# <work>/<vendor>-ours (one module), <work>/<vendor>-ours-split (the types apart; the calls in parts with
# run.sh's --calls-targets) or
# <work>/<vendor>-peer (swift-openapi-generator), or the one package of run.sh --one-package
# (<work>/all-ours, <work>/all-ours-split, <work>/all-ours-split-N with the calls in N targets) with
# the description it holds. Each is built once,
# untimed, before the first round.
set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=clean.sh
. "$here/clean.sh"
[ $# -ge 3 ] || { echo "usage: $0 clean|compile|plan|environment|package|operation|documentation|type ROUNDS PACKAGE..." >&2; exit 64; }
kind=$1; rounds=$2; shift 2
case "$kind" in clean | compile | plan | environment | package | operation | documentation | type) ;; *) echo "unknown kind '$kind'" >&2; exit 64 ;; esac
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "ROUNDS must be a whole number from 1, got '$rounds'" >&2; exit 64; }

# A package's name in the output: its work folder's and its own (two SDKs' packages share the second).
label() { echo "$(basename "$(dirname "$1")")/$(basename "$1")"; }
# The target to time, the types' target of a split (or nothing) and the description to edit.
target() { case "$1" in *-peer) echo PeerAPI ;; *) echo BenchAPI ;; esac; }
# A split's other targets, which a clean build removes too: the types, and the calls' parts if any.
types() {
    case "$1" in
    *-ours-split | *-ours-split-[0-9]*)
        echo BenchAPITypes
        for part in "$1"/Sources/BenchAPICalls*; do [ -d "$part" ] && basename "$part"; done
        ;;
    esac
}
document() {
    case "$1" in
    *-peer) ls "$1"/Sources/PeerAPI/openapi.* ;;
    *) root_document "$(schema_folder "$1")" ;;
    esac
}

for dir in "$@"; do
    [ -f "$dir/Package.swift" ] || { echo "no package in $dir: make it with run.sh" >&2; exit 64; }
    first=(--target "$(target "$dir")")
    [ "$kind" = package ] && first=()
    (cd "$dir" && swift build "${first[@]}" >"$dir/rounds.log" 2>&1) || { echo "$dir does not build: $dir/rounds.log" >&2; exit 1; }
done
declare -A times
# The environment of each timed build: the first build's, but for a variable of its own with KIND
# environment or package; what is built: the target, or (package) the whole package.
environment=(env)
for round in $(seq "$rounds"); do
    for dir in "$@"; do
        t=$(target "$dir")
        if [ "$kind" = clean ]; then
            id=$(basename "$dir" | tr 'A-Z' 'a-z')
            clean_target "$dir" "$t" "$id"
            for other in $(types "$dir"); do clean_target "$dir" "$other" "$id"; done
        elif [ "$kind" = compile ]; then
            clean_objects "$dir" "$t"
            for other in $(types "$dir"); do clean_objects "$dir" "$other"; done
        elif [ "$kind" = plan ]; then
            touch "$dir/Package.swift"
        elif [ "$kind" = environment ] || [ "$kind" = package ]; then
            environment=(env "RON_BENCH_BUILD=$round")
        else
            python3 "$here/edit_description.py" "$kind" "$(document "$dir")"
        fi
        start=$(date +%s.%N)
        what=(--target "$t")
        [ "$kind" = package ] && what=()
        (cd "$dir" && "${environment[@]}" swift build "${what[@]}" >"$dir/rounds.log" 2>&1) \
            || { echo "$dir failed: $dir/rounds.log" >&2; exit 1; }
        seconds=$(echo "$(date +%s.%N) - $start" | bc)
        printf '%s round %d %s %.2f s\n' "$kind" "$round" "$(label "$dir")" "$seconds"
        times[$dir]+="$seconds "
    done
done
median() { printf '%s\n' $1 | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
fastest() { printf '%s\n' $1 | sort -n | head -1; }
last=${*: -1}
base=$(median "${times[$last]}")
base_fastest=$(fastest "${times[$last]}")
for dir in "$@"; do
    m=$(median "${times[$dir]}")
    f=$(fastest "${times[$dir]}")
    printf '%s median %s %.2f s (%s) %.2f of %s\n' "$kind" "$(label "$dir")" "$m" "${times[$dir]% }" \
        "$(echo "$m / $base" | bc -l)" "$(label "$last")"
    # The fastest round too: a small target's build is bimodal (BENCHMARKS.md, "Files by the
    # schema's size"), and a median of few rounds moves with how many rounds were slow ones.
    printf '%s fastest %s %.2f s, %.2f of %s\n' "$kind" "$(label "$dir")" "$f" "$(echo "$f / $base_fastest" | bc -l)" \
        "$(label "$last")"
done
