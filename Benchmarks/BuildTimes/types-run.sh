#!/usr/bin/env bash
# The run of the generator that an edit's build waits for in a package `ron new` makes: the types'
# run, which prepares the calls (`--prepare-calls`, the plugin's arguments for two cores), after an
# edit of the description (a newline added to its first file, or a new empty file in a folder), for
# two builds of `ron-codegen` in turn. Prints the medians and best of wall and user time, then
# whether both wrote the same files (the stamps aside).
#
#   Benchmarks/BuildTimes/types-run.sh OLD-TOOL NEW-TOOL DESCRIPTION [ROUNDS]
#
# OLD-TOOL and NEW-TOOL: built `ron-codegen` executables (e.g. of an earlier commit's clone and of
# this one, `swift build --product ron-codegen`); DESCRIPTION: a file, or a folder of them.
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 OLD-TOOL NEW-TOOL DESCRIPTION [ROUNDS]" >&2; exit 64; }
old=$1 new=$2 description=$3 rounds=${4:-8}
work=$(mktemp -d /var/tmp/ron-types-run.XXXXXX)
trap 'rm -rf "$work"' EXIT
arguments() {
    echo "--schema $1/Schema --output $1/out --stamp --shards 49 --leading-empty-files 15 --leading-sources 2" \
        "--driver-jobs 2 --runtime-module RonGenerated --prepare-calls $1/prep --types-module BenchAPITypes" \
        "--client-module RonAppSdkSwift --calls-shards 50 --calls-leading-empty-files 16"
}
for side in old new; do
    mkdir -p "$work/$side/Schema"
    if [ -d "$description" ]; then cp -r "$description"/. "$work/$side/Schema/"; else cp "$description" "$work/$side/Schema/"; fi
    : > "$work/$side.times"
    # shellcheck disable=SC2046
    "${!side}" $(arguments "$work/$side") > /dev/null 2>&1 || true
done
first=$(ls "$work/old/Schema" | head -1)
for round in $(seq "$rounds"); do
    for side in old new; do
        if [ -f "$work/$side/Schema/$first" ]; then echo >> "$work/$side/Schema/$first"; else touch "$work/$side/Schema/edit$round.yaml"; fi
        # shellcheck disable=SC2046
        /usr/bin/time -f "%e %U" -a -o "$work/$side.times" "${!side}" $(arguments "$work/$side") > /dev/null 2>&1 || true
    done
done
python3 - "$work/old.times" "$work/new.times" <<'PY'
import statistics, sys
def read(path):
    rows = [tuple(map(float, line.split())) for line in open(path) if line[:1].isdigit()]
    return [wall for wall, _ in rows], [user for _, user in rows]
(old_wall, old_user), (new_wall, new_user) = read(sys.argv[1]), read(sys.argv[2])
median = statistics.median
print(f"before: wall {median(old_wall):.3f} s (best {min(old_wall):.3f} s), user {median(old_user):.3f} s")
print(f"now:    wall {median(new_wall):.3f} s (best {min(new_wall):.3f} s), user {median(new_user):.3f} s")
print(f"now / before: {median(new_wall) / median(old_wall):.2f} (best {min(new_wall) / min(old_wall):.2f})")
PY
if diff -r -x '.ron-*' "$work/old/out" "$work/new/out" > /dev/null && diff -r -x '.ron-*' "$work/old/prep" "$work/new/prep" > /dev/null; then
    echo "the same files"
else
    echo "the files differ"; exit 1
fi
