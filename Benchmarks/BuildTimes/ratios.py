"""The issue's ratios from the tables run.sh prints, for BENCHMARKS.md.

    python3 Benchmarks/BuildTimes/ratios.py TABLE.md...

For each description's row: the no-op, the edited operation and the edited documentation, in
seconds and as fractions of its clean build, each against its aim (a no-op at most 0.02 of the clean build, an
operation at most 0.1, documentation at most 0.05), and each over SwiftPM's floor of the same run
(the first row of each table: the same build of a package of one hand-written file), which no
generated target can go below; "✗ (floor)" marks an aim that the floor alone misses. Then how many rows meet each aim, and for how many of the others
the aim is below that floor (the floor alone is more than the aim allows of this clean build).
"""
import re
import sys

AIMS = {"no-op": 0.02, "operation": 0.1, "documentation": 0.05}


def seconds(cell):
    found = re.match(r"\s*([0-9.]+) s", cell)
    return float(found.group(1)) if found else None


def main():
    rows = []
    for path in sys.argv[1:]:
        floor = None
        for line in open(path):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 9 or not cells[4].endswith("MiB") and "failed" not in line:
                continue
            name = cells[0]
            if name.startswith("(SwiftPM's floor"):
                floor = {"no-op": seconds(cells[5]), "operation": seconds(cells[7]), "documentation": seconds(cells[8])}
                continue
            if name.startswith("("):
                continue
            clean = seconds(cells[4])
            if clean is None:
                rows.append((name, cells[1], None, None, None, "failed: " + cells[3]))
                continue
            timed = {"no-op": seconds(cells[5]), "operation": seconds(cells[7]), "documentation": seconds(cells[8])}
            rows.append((name, cells[1], clean, timed, floor, ""))
    print("| description | operations | clean | no-op | one operation edited | documentation edited |"
          " over SwiftPM's floor (no-op, operation, documentation) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    met = {kind: 0 for kind in AIMS}
    floored = {kind: 0 for kind in AIMS}
    built = 0
    for name, operations, clean, timed, floor, failure in rows:
        if clean is None:
            print(f"| {name} | {operations} | {failure} | | | | |")
            continue
        built += 1
        cells = []
        for kind, aim in AIMS.items():
            ratio = timed[kind] / clean
            mark = "" if ratio <= aim else " ✗"
            if ratio <= aim:
                met[kind] += 1
            elif floor and floor[kind] / clean > aim:
                floored[kind] += 1
                mark = " ✗ (floor)"
            cells.append(f"{timed[kind]:.2f} s, {ratio:.3f}{mark}")
        over = ", ".join(f"{timed[k] - floor[k]:+.2f} s" for k in AIMS) if floor else ""
        print(f"| {name} | {operations} | {clean:.2f} s | {' | '.join(cells)} | {over} |")
    print()
    for kind, aim in AIMS.items():
        print(f"- {kind} at most {aim} of the clean build: {met[kind]} of {built};"
              f" of the {built - met[kind]} others, {floored[kind]} below SwiftPM's floor")


main()
