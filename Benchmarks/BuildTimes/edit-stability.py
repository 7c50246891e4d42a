#!/usr/bin/env python3
"""Whether an edit of one type moves others: for each published description of one file under 2 MB,
three of its object schemas (the first, middle and last by name) in turn get a longer description,
and the generator runs as the build plugin runs it on two jobs (49 files, the first 15 empty, after
the target's two); prints each edit that changed more than the one generated file, then the count.
BENCHMARKS.md, "The driver's pipes".

    python3 Benchmarks/BuildTimes/edit-stability.py [TOOL]

TOOL: a built ron-codegen (default: this package's debug build). The descriptions: collected by
Benchmarks/Published/collect.sh into /var/tmp/ron-published (RON_PUBLISHED). Each is read (JSON or
YAML) and written back as JSON, edited or not, so both runs read the same kind of document.
"""
import csv
import filecmp
import json
import os
import shutil
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../.build/debug/ron-codegen")
PUBLISHED = os.environ.get("RON_PUBLISHED", "/var/tmp/ron-published")
LAYOUT = ["--shards", "49", "--leading-empty-files", "15", "--leading-sources", "2", "--driver-jobs", "2",
          "--runtime-module", "RonGenerated", "--with-operations", "--client-module", "RonAppSdkSwift"]


def generate(document, output):
    """Whether the generator wrote `document`'s code into `output`."""
    folder = tempfile.mkdtemp()
    try:
        with open(os.path.join(folder, "api.json"), "w") as file:
            json.dump(document, file, default=str)
        return subprocess.run([TOOL, "--schema", folder, "--output", output] + LAYOUT,
                              capture_output=True).returncode == 0
    finally:
        shutil.rmtree(folder)


def schemas(document):
    """The description's named schemas (OpenAPI 3 or Swagger 2)."""
    return (document.get("components") or {}).get("schemas") or document.get("definitions") or {}


def main():
    if not os.access(TOOL, os.X_OK):
        sys.exit(f"no ron-codegen at {TOOL}: swift build --product ron-codegen")
    with open(os.path.join(HERE, "../Published/descriptions.tsv")) as file:
        rows = list(csv.DictReader(file, delimiter="\t"))
    edits = moving = 0
    for row in rows:
        folder = os.path.join(PUBLISHED, row["vendor"])
        if int(row["bytes"]) >= 2_000_000 or row["root"] != "-" or not os.path.isdir(folder):
            continue
        files = os.listdir(folder)
        if len(files) != 1:
            continue
        with open(os.path.join(folder, files[0])) as file:
            text = file.read()
        try:
            document = json.loads(text)
        except ValueError:
            document = yaml.safe_load(text)
        names = sorted(name for name, schema in schemas(document).items()
                       if isinstance(schema, dict) and schema.get("type") == "object")
        if len(names) < 3:
            continue
        before = tempfile.mkdtemp()
        try:
            if not generate(document, before):
                print(f"{row['vendor']}: generation failed")
                continue
            for name in [names[0], names[len(names) // 2], names[-1]]:
                edited = json.loads(json.dumps(document, default=str))
                schema = schemas(edited)[name]
                schema["description"] = (schema.get("description") or "") + " An edited description of some length."
                after = tempfile.mkdtemp()
                try:
                    generate(edited, after)
                    changed = [f for f in sorted(os.listdir(before)) if f.endswith(".swift")
                               and not filecmp.cmp(os.path.join(before, f), os.path.join(after, f), shallow=False)]
                finally:
                    shutil.rmtree(after)
                edits += 1
                if len(changed) > 1:
                    moving += 1
                    print(f"{row['vendor']} {name}: {', '.join(changed)}")
        finally:
            shutil.rmtree(before)
    print(f"{edits} edits of one type's description, {moving} changed more than its own file")


if __name__ == "__main__":
    main()
