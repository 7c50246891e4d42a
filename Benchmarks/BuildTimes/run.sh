#!/usr/bin/env bash
# The build a user waits for, at vendor scale: for each published description, a package made by
# `ron new` with the description alone in its Schema/, and a package that uses
# swift-openapi-generator's build plugin (types and client) on the same description, built in the
# same run on this machine. For each, after a first full build (the SDK, or the generator and its
# runtime, are built once and not timed), the API target is timed:
#   first no-op  the same build again right after that first one (SwiftPM plans a new package's
#           build again then: it links the plugin's tool again and runs its generation);
#   clean   its generated code and module removed, then `swift build --target <API>`;
#   no-op   the same command again, nothing changed;
#   again   once more (SwiftPM plans the build again after a clean one: see BENCHMARKS.md);
#   op      one operation edited: an optional query parameter added to the first operation;
#   doc     documentation only: that operation's description changed.
# Each with the wall time and the peak memory of the largest process of the build (the compiler),
# under `ulimit -v` (16 GiB) and a timeout. The first row is SwiftPM's own floor on this machine in
# this run: a package of one target, one hand-written file and no dependency, timed the same way (the
# edit adds a declaration, the documentation edit changes a comment). No build of a generated target
# can be faster than that row. With ours, a second row: the same file in a target that depends on
# RonAppSdkSwift, what SwiftPM costs any package of ours before a plugin or a generated file.
#
#   Benchmarks/BuildTimes/run.sh [--published DIR] [--work DIR] [--only ours|peer] [--sdk-rev REV]
#                                [--split [--calls-targets N]] [--one-package] VENDOR...
#
# --split: our package is laid out as `ron new` lays it out (`--split`, the default since 2026-12-07: the
# types in BenchAPITypes, which holds Schema/, the calls in BenchAPI); the clean build removes both
# targets' builds, and BenchAPI is timed. With --calls-targets N, the calls go in N targets built side
# by side (BenchAPICalls1 …) and BenchAPI is their front (`ron new --calls-targets N`); the clean build
# removes them all. Without --split, one module (`ron new --one-module`, or an SDK's `ron new` before).
#
# --one-package: our side builds every VENDOR in one package (work/all-ours…), its Schema/ replaced
# by each description in turn, so the SDK is compiled once for the whole run rather than once per
# description (the first build of each description, untimed, then compiles the API targets alone).
# What is timed is the same sequence; it makes a run over every published description fit in an
# hour or so on two cores. swift-openapi-generator's side stays a package per description: in one
# package used for several descriptions, each of its clean builds also checked and linked its
# generator's tool again, 3.9 s more on the smallest description (ours was not; BENCHMARKS.md,
# "The clean build against swift-openapi-generator's").
#
# VENDOR: a row of Benchmarks/Published/descriptions.tsv, collected into DIR (default
# /var/tmp/ron-published) by Benchmarks/Published/collect.sh; or, where no row has that name, the
# path of a description of your own: a file (JSON or YAML), or a folder of them whose root document
# is its one file at the top or else the one that says `openapi` or `swagger` at its top level
# (named in the table by its file's name, or its folder's for a file named openapi, swagger, spec,
# api or schema). The SDK is this repository's last commit (a clone), or REV, so edits in the
# working tree are not measured; a second run with --sdk-rev and another --work folder measures an
# earlier SDK beside it. swift-openapi-generator reads OpenAPI 3.0 and 3.1 documents of one file
# only: for the others its columns say why not.
# Prints a Markdown table (one row per description and generator) for BENCHMARKS.md; the work
# folder keeps each build's log.
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
published=${RON_PUBLISHED:-/var/tmp/ron-published}
work=""
only=""
revision=HEAD
split=false
parts=1
one_package=false
vendors=()
while [ $# -gt 0 ]; do
    case "$1" in
    --published) published=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --sdk-rev) revision=$2; shift 2 ;;
    --split) split=true; shift ;;
    --calls-targets) parts=$2; shift 2 ;;
    --one-package) one_package=true; shift ;;
    -*) echo "usage: $0 [--published DIR] [--work DIR] [--only ours|peer] [--sdk-rev REV] [--split [--calls-targets N]] [--one-package] VENDOR..." >&2; exit 64 ;;
    *) vendors+=("$1"); shift ;;
    esac
done
[ ${#vendors[@]} -gt 0 ] || { echo "usage: $0 [--published DIR] [--work DIR] [--only ours|peer] [--sdk-rev REV] [--split [--calls-targets N]] [--one-package] VENDOR..." >&2; exit 64; }
work=${work:-$(mktemp -d /var/tmp/ron-build-times.XXXXXX)}
mkdir -p "$work"
bin=$(cd "$repo" && swift build --show-bin-path)
[ -x "$bin/ron" ] || (cd "$repo" && swift build --product ron >/dev/null)
[ -d "$work/sdk" ] || { git clone -q "$repo" "$work/sdk" && git -C "$work/sdk" checkout -q "$revision"; }
edit="$repo/Benchmarks/BuildTimes/edit_description.py"

# timed LABEL DIR TARGET: one `swift build --target TARGET` in DIR; appends "seconds peak-MiB" to
# the row (or "failed"), and the log to DIR/build-LABEL.log.
row=""
timed() {
    local label=$1 dir=$2 target=$3 status=0
    (cd "$dir" && ulimit -v 16777216 && /usr/bin/time -f "%e %M" -o "$dir/time-$label" \
        timeout 3600 swift build --target "$target" >"$dir/build-$label.log" 2>&1) || status=$?
    if [ $status -ne 0 ]; then
        row+=" | failed ($status, build-$label.log)"
        return 1
    fi
    read -r seconds kib <"$dir/time-$label"
    row+=" | $seconds s, $((kib / 1024)) MiB"
}

# clean_target DIR TARGET PACKAGE-ID (clean.sh)
# shellcheck source=clean.sh
. "$repo/Benchmarks/BuildTimes/clean.sh"

# sequence DIR TARGET PACKAGE-ID DOCUMENT [TYPES-TARGET]: the four timings, after one untimed full
# build; a split's clean build removes the types target's build too.
sequence() {
    local dir=$1 target=$2 id=$3 document=$4 others=("${@:5}")
    (cd "$dir" && swift build --target "$target" >"$dir/build-first.log" 2>&1) || {
        row+=" | first build failed (build-first.log) | | | | |"; return 0; }
    timed first-noop "$dir" "$target" || return 0
    clean_target "$dir" "$target" "$id"
    for other in "${others[@]}"; do clean_target "$dir" "$other" "$id"; done
    timed clean "$dir" "$target" || return 0
    timed noop "$dir" "$target" || return 0
    timed again "$dir" "$target" || return 0
    python3 "$edit" operation "$document"
    timed op "$dir" "$target" || return 0
    python3 "$edit" documentation "$document"
    timed doc "$dir" "$target" || return 0
}

echo "| description | operations | generator | first no-op | clean | no-op | no-op again | one operation edited | documentation edited |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"
floor=$work/floor
if [ ! -d "$floor" ]; then
    mkdir -p "$floor/Sources/Floor"
    printf '// swift-tools-version: 6.1\nimport PackageDescription\n\nlet package = Package(name: "Floor", targets: [.target(name: "Floor")])\n' \
        >"$floor/Package.swift"
fi
printf '/// A value.\npublic struct Floor {\n    public init() {}\n}\n' >"$floor/Sources/Floor/Floor.swift"
row="| (SwiftPM's floor: one hand-written file, no dependency) | | none"
(cd "$floor" && swift build --target Floor >"$floor/build-first.log" 2>&1)
timed first-noop "$floor" Floor && clean_target "$floor" Floor floor && timed clean "$floor" Floor && timed noop "$floor" Floor \
    && timed again "$floor" Floor && printf 'public let edited = 1\n' >>"$floor/Sources/Floor/Floor.swift" \
    && timed op "$floor" Floor && sed -i 's|^/// A value\.$|/// A value (edited).|' "$floor/Sources/Floor/Floor.swift" \
    && timed doc "$floor" Floor || true
echo "$row |"
# The same with the SDK: the file's target depends on RonAppSdkSwift (as every package of ours does),
# so SwiftPM loads, plans and checks the SDK's package with it; no plugin, no generated file.
if [ "$only" != peer ]; then
    floor=$work/floor-sdk
    if [ ! -d "$floor" ]; then
        mkdir -p "$floor/Sources/Floor"
        cat >"$floor/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "FloorSDK",
    dependencies: [.package(path: "$work/sdk")],
    targets: [.target(name: "Floor", dependencies: [.product(name: "RonAppSdkSwift", package: "sdk")])]
)
SWIFT
    fi
    printf 'import RonAppSdkSwift\n\n/// A value.\npublic struct Floor {\n    public init() {}\n}\n' \
        >"$floor/Sources/Floor/Floor.swift"
    row="| (the same, depending on RonAppSdkSwift) | | none"
    (cd "$floor" && swift build --target Floor >"$floor/build-first.log" 2>&1)
    timed first-noop "$floor" Floor && clean_target "$floor" Floor floor-sdk && timed clean "$floor" Floor \
        && timed noop "$floor" Floor && timed again "$floor" Floor \
        && printf 'public let edited = 1\n' >>"$floor/Sources/Floor/Floor.swift" && timed op "$floor" Floor \
        && sed -i 's|^/// A value\.$|/// A value (edited).|' "$floor/Sources/Floor/Floor.swift" \
        && timed doc "$floor" Floor || true
    echo "$row |"
fi
# A description given by its path: copied into the work folder as a published one is collected;
# sets vendor, source, root and format.
own_description() {
    local given=$1 name
    name=$(basename "$given"); name=${name%.*}
    # A file named as most are (openapi.yaml, spec.json) goes by its folder's name.
    case "$(tr 'A-Z' 'a-z' <<<"$name")" in
    openapi | swagger | spec | api | schema) [ -f "$given" ] && name=$(basename "$(dirname "$(realpath "$given")")") ;;
    esac
    name=$(tr 'A-Z' 'a-z' <<<"$name" | tr -c 'a-z0-9\n' '-')
    # Two descriptions of one name in a run (two folders' openapi.yaml, or a file named as a row)
    # each get their own work folders: the second is NAME-2.
    local base=$name next=2
    while [[ $taken == *" $name "* ]]; do name=$base-$next; next=$((next + 1)); done
    source=$work/descriptions/$name
    rm -rf "$source" && mkdir -p "$source"
    if [ -f "$given" ]; then
        cp "$given" "$source/"
        root=$(basename "$given")
    else
        cp -R "$given"/. "$source/"
        root=$(root_document "$source" 2>/dev/null) || { echo "error: no OpenAPI or Swagger document in $given" >&2; exit 64; }
        root=${root#"$source/"}
    fi
    format=$(python3 "$edit" format "$source/$root") || { echo "error: $given is not a description run.sh can time" >&2; exit 64; }
    vendor=$name
}
taken=" "
for vendor in "${vendors[@]}"; do
    line=$(awk -F'\t' -v v="$vendor" '$1 == v' "$repo/Benchmarks/Published/descriptions.tsv")
    if [ -z "$line" ] && [ -e "$vendor" ]; then
        own_description "$vendor"
    else
        [ -n "$line" ] || { echo "error: no row '$vendor' in Benchmarks/Published/descriptions.tsv, and no such file or folder" >&2; exit 64; }
        IFS=$'\t' read -r _ _ _ path root format _ <<<"$line"
        source=$published/$vendor
        [ -d "$source" ] || { echo "error: $source is missing: run Benchmarks/Published/collect.sh" >&2; exit 64; }
        if [ "$root" = - ]; then
            root=$(cd "$source" && ls | head -1)
        fi
    fi
    operations=$(python3 "$edit" count "$source/$root")
    taken+="$vendor "

    if [ "$only" != peer ]; then
        # (An assignment whose `$(...)` fails ends the script under `set -e`: hence no `$($split && ...)`.)
        if $split; then
            dir=$work/$vendor-ours-split
            schema=BenchAPITypes
            layout=(--split)
            label=", split"
            if [ "$parts" != 1 ]; then
                layout+=(--calls-targets "$parts")
                label=", split, calls in $parts targets"
            fi
        else
            dir=$work/$vendor-ours
            schema=BenchAPI
            # One module: `ron new --one-module` since it lays out a split by default; before, its default.
            layout=()
            if "$bin/ron" new --help | grep -q -- --one-module; then layout=(--one-module); fi
            label=""
        fi
        if $one_package; then
            dir=$work/all-ours${dir#"$work/$vendor-ours"}
            [ "$parts" = 1 ] || dir+="-$parts"
        fi
        if [ ! -d "$dir" ]; then
            "$bin/ron" new "$dir" --name Bench --sdk-path "$work/sdk" "${layout[@]}" >/dev/null
            rm -f "$dir/Sources/$schema"/Schema/* "$dir"/Tests/BenchAPITests/*.swift
            cp -R "$source"/. "$dir/Sources/$schema/Schema/"
            if $split; then
                {
                    printf '@_exported import BenchAPITypes\nimport RonAppSdkSwift\n'
                    if [ "$parts" != 1 ]; then
                        for part in $(seq "$parts"); do printf '@_exported import BenchAPICalls%d\n' "$part"; done
                    fi
                } >"$dir/Sources/BenchAPI/BenchAPI.swift"
            else
                printf 'import RonAppSdkSwift\n' >"$dir/Sources/BenchAPI/BenchAPI.swift"
            fi
            printf 'print("bench")\n' >"$dir/Sources/bench-cli/main.swift"
        else
            # A package of an earlier run: its description as published again, not as it was edited.
            rm -rf "$dir/Sources/$schema"/Schema/*
            cp -R "$source"/. "$dir/Sources/$schema/Schema/"
        fi
        python3 "$edit" normalize "$dir/Sources/$schema/Schema/$root"
        row="| $vendor ($format) | $operations | ron-codegen$label"
        others=()
        if $split; then
            others=(BenchAPITypes)
            [ "$parts" = 1 ] || for part in $(seq "$parts"); do others+=("BenchAPICalls$part"); done
        fi
        sequence "$dir" BenchAPI "$(basename "$dir" | tr 'A-Z' 'a-z')" "$dir/Sources/$schema/Schema/$root" "${others[@]}"
        echo "$row |"
    fi
    if [ "$only" != ours ]; then
        row="| $vendor ($format) | $operations | swift-openapi-generator"
        if [[ "$format" != openapi-3.* ]] || [ "$(cd "$source" && ls | wc -l)" -ne 1 ]; then
            echo "$row | not accepted ($format$( [ "$(cd "$source" && ls | wc -l)" -ne 1 ] && echo ', several files')) | | | | | |"
            continue
        fi
        dir=$work/$vendor-peer
        if [ ! -d "$dir" ]; then
            mkdir -p "$dir/Sources/PeerAPI"
            cp "$repo/Benchmarks/BuildTimes/PeerPackage.swift.txt" "$dir/Package.swift"
            printf 'generate:\n  - types\n  - client\naccessModifier: public\n' \
                >"$dir/Sources/PeerAPI/openapi-generator-config.yaml"
            printf 'import OpenAPIRuntime\n' >"$dir/Sources/PeerAPI/PeerAPI.swift"
        fi
        # Copied on every run: a package of an earlier run holds that run's edits.
        case "$root" in
        *.json) cp "$source/$root" "$dir/Sources/PeerAPI/openapi.json" ;;
        *) cp "$source/$root" "$dir/Sources/PeerAPI/openapi.yaml" ;;
        esac
        python3 "$edit" normalize "$dir"/Sources/PeerAPI/openapi.*
        sequence "$dir" PeerAPI "$(basename "$dir" | tr 'A-Z' 'a-z')" "$(ls "$dir"/Sources/PeerAPI/openapi.*)"
        echo "$row |"
    fi
done
echo "work folder: $work" >&2
