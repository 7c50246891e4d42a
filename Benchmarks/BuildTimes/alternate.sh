#!/usr/bin/env bash
# One description's package built by two SDKs (or in two layouts), edited in turn: a documentation
# edit, then an operation edit, in the earlier SDK's package and then this one's, N rounds; prints
# each build's wall time (`swift build --target BenchAPI`). The packages are those two runs of
# run.sh made:
#
#   Benchmarks/BuildTimes/run.sh --work NEW --only ours --split VENDOR
#   Benchmarks/BuildTimes/run.sh --work OLD --only ours --split --sdk-rev REV VENDOR
#   Benchmarks/BuildTimes/alternate.sh OLD NEW VENDOR [N]
#
# Work folders of run.sh --one-package (all-ours-split, all-ours-split-N with the calls in N targets,
# no VENDOR-ours-split) are used too: VENDOR's description, as published, replaces their schema
# first. A work folder of one-module packages (run.sh without --split: VENDOR-ours or all-ours) is
# taken where it has no split one, so the two layouts can be compared:
# `alternate.sh ONE-MODULE-WORK SPLIT-WORK VENDOR`.
#
# On a machine whose speed drifts (a shared host), edits made in turn compare two SDKs where two
# runs of run.sh, minutes apart, do not.
set -u
[ $# -ge 3 ] || { echo "usage: $0 OLD-WORK NEW-WORK VENDOR [ROUNDS]" >&2; exit 64; }
vendor=$3; n=${4:-5}
# The package of VENDOR in a work folder: its own (split, else one module), else the shared one.
package() {
    local p
    for p in "$1/$vendor-ours-split" "$1/$vendor-ours" "$1/all-ours-split" "$1"/all-ours-split-[0-9]* "$1/all-ours"; do
        [ -d "$p" ] && { echo "$p"; return; }
    done
    echo "error: no package of run.sh in $1" >&2; exit 64
}
old=$(package "$1") || exit 64; new=$(package "$2") || exit 64
here=$(cd "$(dirname "$0")" && pwd)
edit="$here/edit_description.py"
published=${RON_PUBLISHED:-/var/tmp/ron-published}
# shellcheck source=clean.sh
. "$here/clean.sh"
# The description's root document: its row's, or the schema folder's one file.
doc() {
    local root
    root=$(awk -F'\t' -v v="$vendor" '$1 == v {print $5}' "$here/../Published/descriptions.tsv")
    if [ -n "$root" ] && [ "$root" != - ]; then echo "$(schema_folder "$1")/$root"; else root_document "$(schema_folder "$1")"; fi
}
for d in "$old" "$new"; do
    case "$(basename "$d")" in all-ours*) ;; *) continue ;; esac
    [ -d "$published/$vendor" ] || { echo "error: $published/$vendor is missing: run Benchmarks/Published/collect.sh" >&2; exit 64; }
    rm -rf "$(schema_folder "$d")"/*
    cp -R "$published/$vendor"/. "$(schema_folder "$d")/"
    python3 "$edit" normalize "$(doc "$d")"
done
for d in $old $new; do (cd $d && swift build --target BenchAPI >/dev/null 2>&1; swift build --target BenchAPI >/dev/null 2>&1); done
for i in $(seq $n); do
  for kind in documentation operation; do
    for side in old new; do
      d=$old; [ $side = new ] && d=$new
      python3 $edit $kind "$(doc $d)"
      s=$(date +%s.%N); (cd $d && swift build --target BenchAPI > $d/alt.log 2>&1) || echo FAIL $side; e=$(date +%s.%N)
      printf '%s %s %s %.2f\n' $vendor $kind $side $(echo "$e - $s" | bc)
    done
  done
done
