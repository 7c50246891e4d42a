#!/usr/bin/env bash
# The generated code's own cost, for this commit's generator and an earlier one: each description's
# output (32 files, the calls with the types, as the build plugin writes it) compiled as SwiftPM's
# debug build compiles a target (`swiftc -Onone -g -c -enable-batch-mode -j2`, the objects deleted
# before each round), against this checkout's debug RonGenerated and RonAppSdkSwift; the rounds
# alternate and the medians of the compilers' CPU time (user + system) and wall time are printed,
# with the size of the LLVM IR (`-emit-ir -wmo`: instructions in all, and in value witnesses and
# outlined copies, the code a type's stored layout makes).
#
#   Benchmarks/BuildTimes/generated-code.sh [--published DIR] [--rounds N] OLD-REV VENDOR...
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
published=${RON_PUBLISHED:-/var/tmp/ron-published}
rounds=3
while [ $# -gt 0 ]; do
    case "$1" in
    --published) published=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    *) break ;;
    esac
done
[ $# -ge 2 ] || { echo "usage: $0 [--published DIR] [--rounds N] OLD-REV VENDOR..." >&2; exit 64; }
old_rev=$1; shift
work=$(mktemp -d /var/tmp/ron-generated-code.XXXXXX)
git clone -q "$repo" "$work/old" && git -C "$work/old" checkout -q "$old_rev"
(cd "$work/old" && swift build --product ron-codegen >/dev/null)
(cd "$repo" && swift build --product ron-codegen >/dev/null && swift build --target RonAppSdkSwift >/dev/null)
old=$(cd "$work/old" && swift build --show-bin-path)/ron-codegen
bin=$(cd "$repo" && swift build --show-bin-path)
python3 - "$old" "$bin" "$published" "$work" "$rounds" "$@" <<'PY'
import os, re, shutil, statistics, subprocess, sys, time
old, bin, published, work, rounds = sys.argv[1:6]
tools = {"before": old, "now": os.path.join(bin, "ron-codegen")}
modules = os.path.join(bin, "Modules")
flags = ["-module-name", "BenchAPI", "-parse-as-library", "-Onone", "-swift-version", "6", "-I", modules,
         "-module-cache-path", os.path.join(bin, "ModuleCache"), "-package-name", "bench"]

def generate(tool, vendor, out):
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    subprocess.run([tool, "--schema", os.path.join(published, vendor), "--output", out, "--shards", "32",
                    "--runtime-module", "RonGenerated", "--with-operations", "--client-module", "RonAppSdkSwift"],
                   check=True, capture_output=True)
    return sorted(os.path.join(out, f) for f in os.listdir(out) if f.endswith(".swift"))

def compile_objects(files, scratch):
    shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch)
    before = os.times()
    start = time.perf_counter()
    subprocess.run(["swiftc", *flags, "-c", "-g", "-enable-testing", "-j2", "-enable-batch-mode", "-emit-module",
                    "-emit-module-path", os.path.join(scratch, "BenchAPI.swiftmodule"), *files],
                   cwd=scratch, check=True, capture_output=True)
    after = os.times()
    return time.perf_counter() - start, (after.children_user - before.children_user) + (after.children_system - before.children_system)

def ir_size(files, scratch):
    path = os.path.join(scratch, "all.ll")
    subprocess.run(["swiftc", *flags, "-emit-ir", "-wmo", *files, "-o", path], check=True, capture_output=True)
    counts, name = {}, None
    with open(path) as ir:
        for line in ir:
            if line.startswith("define "):
                name = re.search(r'@("?[^ (]+"?)\(', line).group(1).strip('"')
                counts[name] = 0
            elif line.startswith("}"):
                name = None
            elif name and line.startswith("  "):
                counts[name] += 1
    names = list(counts)
    plain = subprocess.run(["swift-demangle", "-simplified"], input="\n".join(names), capture_output=True,
                           text=True).stdout.split("\n")
    layout = sum(counts[n] for n, d in zip(names, plain)
                 if d.startswith(("assignWith", "initializeWith", "destroy for")) or d.startswith("outlined"))
    os.remove(path)
    return sum(counts.values()), layout

print("| description | generator | IR instructions | of them value witnesses and outlined copies | compile CPU (median) | compile wall (median) |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
for vendor in sys.argv[6:]:
    files = {name: generate(tool, vendor, os.path.join(work, name, vendor)) for name, tool in tools.items()}
    times = {name: [] for name in tools}
    for _ in range(int(rounds)):
        for name in tools:
            times[name].append(compile_objects(files[name], os.path.join(work, name, vendor + ".build")))
    for name in tools:
        total, layout = ir_size(files[name], os.path.join(work, name))
        wall = statistics.median(t[0] for t in times[name])
        cpu = statistics.median(t[1] for t in times[name])
        print(f"| {vendor} | {name} | {total:,} | {layout:,} ({100 * layout / total:.0f} %) | {cpu:.1f} s | {wall:.1f} s |")
PY
