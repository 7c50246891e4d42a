#!/usr/bin/env python3
"""The compiler jobs of one build, and whose output pipes each holds (BENCHMARKS.md, "The driver's pipes").

    python3 Benchmarks/BuildTimes/job-pipes.py swift build --target BenchAPI

Runs the command and samples /proc every few milliseconds (Linux): each swift-frontend job of a
module (the module job, `-emit-module`, and the runs of files, `-c`; not the manifests' or plugins'),
when it was first and last seen, and whether the module job and the first run's job hold the write
end of the other's standard output or error. A job holding another's write end keeps that pipe
open, so the compiler driver, which reads each job's output to its end, sees the other job end only
when both have. Prints one line per build. The sampling takes CPU of its own: compare its lines
with each other, not with timed builds.
"""
import os
import subprocess
import sys
import time


def pipes(pid):
    """The pipes `pid` holds, by descriptor: (inode text, whether it is a write end)."""
    held = {}
    for fd in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{fd}")
            if not target.startswith("pipe:"):
                continue
            with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                flags = int(next(line for line in info if line.startswith("flags:")).split()[1], 8)
            held[int(fd)] = (target, flags & 3 != 0)
        except (OSError, StopIteration):
            continue
    return held


def main(command):
    if not command:
        sys.exit(__doc__)
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    jobs = {}
    start = time.time()
    while process.poll() is None:
        now = time.time() - start
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as file:
                    arguments = file.read().split(b"\0")
                if not arguments[0].endswith(b"swift-frontend") or b"-frontend" not in arguments:
                    continue
                line = b" ".join(arguments)
                if b"Package.swift" in line or b"/Plugins/" in line:
                    continue
                module = b"-emit-module" in arguments and b"-c" not in arguments
                if not module and b"-primary-file" not in arguments:
                    continue
                primary = [arguments[i + 1].rsplit(b"/", 1)[-1].decode()
                           for i, a in enumerate(arguments[:-1]) if a == b"-primary-file"]
                held = pipes(pid)
            except (OSError, ProcessLookupError):
                continue
            if pid not in jobs:
                own = {held[fd][0] for fd in (1, 2) if fd in held}
                jobs[pid] = {"first": now, "last": now, "module": module,
                             "name": "module" if module else primary[0] if primary else "?", "own": own, "writes": set()}
            job = jobs[pid]
            job["last"] = now
            job["writes"] |= {inode for inode, write in held.values() if write}
        time.sleep(0.005)
    ordered = sorted(jobs.values(), key=lambda job: job["first"])
    module = next((job for job in ordered if job["module"]), None)
    runs = [job for job in ordered if not job["module"]]
    if module is None or not runs:
        print(f"no module job and run of files seen (exit {process.returncode})")
        return
    first = runs[0]
    spans = "  ".join(f"{job['name']} {job['first']:.2f}-{job['last']:.2f}" for job in [module] + runs)
    print(f"{spans}  | the first run holds the module job's: {bool(module['own'] & (first['writes'] - first['own']))}, "
          f"the module job holds the first run's: {bool(first['own'] & (module['writes'] - module['own']))}; "
          f"{time.time() - start:.2f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
