#!/usr/bin/env bash
# The generation alone, as the build plugin runs it (the debug build of ron-codegen, 32 files, the
# calls with the types), for this commit's generator and an earlier one, alternated, best and
# median of five runs each. Both must print the same files.
# --stamped: with `--stamp`, over the output the first (untimed) run wrote: the run with nothing to
# do that every build SwiftPM plans again makes.
#
#   Benchmarks/BuildTimes/generation.sh [--published DIR] [--stamped] OLD-REV VENDOR...
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
published=${RON_PUBLISHED:-/var/tmp/ron-published}
[ "${1:-}" = --published ] && { published=$2; shift 2; }
stamped=""
[ "${1:-}" = --stamped ] && { stamped=--stamp; shift; }
[ $# -ge 2 ] || { echo "usage: $0 [--published DIR] [--stamped] OLD-REV VENDOR..." >&2; exit 64; }
old_rev=$1; shift
work=$(mktemp -d /var/tmp/ron-generation.XXXXXX)
git clone -q "$repo" "$work/old" && git -C "$work/old" checkout -q "$old_rev"
(cd "$work/old" && swift build --product ron-codegen >/dev/null)
(cd "$repo" && swift build --product ron-codegen >/dev/null)
old=$(cd "$work/old" && swift build --show-bin-path)/ron-codegen
new=$(cd "$repo" && swift build --show-bin-path)/ron-codegen
python3 - "$old" "$new" "$published" "$work" "$stamped" "$@" <<'PY'
import os, shutil, subprocess, sys, time
old, new, published, work, stamped = sys.argv[1:6]
print("| description | before (best, median) | now (best, median) | now / before |")
print("| --- | ---: | ---: | ---: |")
def generate(tool, vendor, out):
    subprocess.run([tool, "--schema", os.path.join(published, vendor), "--output", out, "--shards", "32",
                    "--runtime-module", "RonGenerated", "--with-operations", "--client-module",
                    "RonAppSdkSwift"] + ([stamped] if stamped else []), check=True, capture_output=True)
for vendor in sys.argv[6:]:
    times = {"old": [], "new": []}
    for name, tool in (("old", old), ("new", new)):
        out = os.path.join(work, name, vendor)
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        if stamped:
            generate(tool, vendor, out)
    for _ in range(5):
        for name, tool in (("old", old), ("new", new)):
            out = os.path.join(work, name, vendor)
            if not stamped:
                shutil.rmtree(out, ignore_errors=True)
                os.makedirs(out)
            start = time.perf_counter()
            generate(tool, vendor, out)
            times[name].append(time.perf_counter() - start)
    # The stamp files name each generator's own hash: only the generated files are compared.
    same = subprocess.run(["diff", "-rq", "-x", ".ron-codegen-*", os.path.join(work, "old", vendor),
                           os.path.join(work, "new", vendor)], capture_output=True).returncode == 0
    o, n = sorted(times["old"]), sorted(times["new"])
    print(f"| {vendor} | {o[0]:.2f} s, {o[2]:.2f} s | {n[0]:.2f} s, {n[2]:.2f} s | {n[0] / o[0]:.2f}"
          f"{'' if same else ' (output differs!)'} |")
PY
