#!/usr/bin/env python3
"""The SchemaStore corpus check's logic, run by .ci/check-schemastore.sh (Python 3.11, stdlib only).

Subcommands, each reading and writing files under the script's temporary folder (WORK):
  generate   runs ron-codegen over every schema (each alone in a fresh Schema/ folder), sorts the
             outcomes (generated, refused for an accepted reason, failure), prints the summary and
             the failures, chooses the compile sample by name, writes WORK/sample.tsv
  catalogs   writes the driver's catalog table (WORK/driver/Catalogs.swift) for the modules that
             compiled
  compiled   prints the compile outcome of the sample (failures with their first error lines)
  roundtrip  runs the driver on every instance document of the compiled sample, compares each
             document with its re-encoded JSON as JSON values and reports the first difference
  verdict    prints the phase times and exits non-zero when the CI target is missed

Accepted refusal reasons (anything else is a failure):
  external-ref   a `$ref` to a document that is not in the corpus (an absolute URI or a relative
                 file that is neither schemas/<name>[.json] nor the `$id` of a corpus schema)
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path

# The three largest schemas: compiled (and timed on their own) in the full mode only.
LARGEST = ["utcm-monitor", "vector", "kubernetes-definitions"]
# The CI sample: the schemas with instance documents, sorted by name, every SAMPLE_STEP-th one
# (83 schemas, 248 documents; the full mode, in BENCHMARKS.md, compiles all of them).
SAMPLE_STEP = 8
# Keywords whose values are data, not schemas (a `$ref` member inside them is not a reference),
# unless they are a property's name.
DATA_KEYWORDS = {"enum", "const", "default", "examples", "example"}
NAME_MAPS = {"properties", "patternProperties", "definitions", "$defs", "dependentSchemas", "dependencies"}
SCHEMASTORE_HOSTS = {"json.schemastore.org", "www.schemastore.org", "schemastore.org"}
# Seconds a schema may take to generate (the slowest, renovate-global-schema-43, takes 8 s on an idle
# 2-core machine with a debug ron-codegen); past it the schema is a failure ("timeout").
GENERATE_TIMEOUT = 30
# The CI sample leaves out schemas that, with the corpus documents they reach, exceed this many
# bytes: each takes one to five minutes of debug compile (jreleaser, detekt and hugo alone took
# 3.5 of the 10 minutes that every 4th schema up to 500 kB took, 2026-11-27).
CI_SAMPLE_MAX_BYTES = 120_000


# ---------------------------------------------------------------------------------------------
# The corpus: references of every schema


def pointer_token(key: str) -> str:
    return key.replace("~", "~0").replace("/", "~1")


def schema_refs(document):
    """Every `$ref` string of a schema document, as (JSON pointer of the `$ref` member, value)."""
    found = []

    def walk(value, pointer, parent_key):
        if isinstance(value, dict):
            for key, child in value.items():
                if parent_key not in NAME_MAPS and key in DATA_KEYWORDS:
                    continue
                child_pointer = pointer + "/" + pointer_token(key)
                if key == "$ref" and isinstance(child, str) and parent_key not in NAME_MAPS:
                    found.append((child_pointer, child))
                else:
                    walk(child, child_pointer, key)
        elif isinstance(value, list):
            for index, child in enumerate(value):
                walk(child, f"{pointer}/{index}", None)

    walk(document, "", None)
    return found


def schema_ids(document):
    """The `$id` (or draft-04 `id`) strings of a schema document that are not plain fragments."""
    ids = []

    def walk(value, parent_key):
        if isinstance(value, dict):
            for key, child in value.items():
                if parent_key not in NAME_MAPS and key in DATA_KEYWORDS:
                    continue
                if key in ("$id", "id") and isinstance(child, str) and parent_key not in NAME_MAPS:
                    if not child.startswith("#"):
                        ids.append(child)
                else:
                    walk(child, key)
        elif isinstance(value, list):
            for child in value:
                walk(child, None)

    walk(document, None)
    return ids


def normal_uri(uri: str) -> str:
    """A URI without its fragment, a trailing `#` or `.json`, with http and https alike."""
    uri = uri.split("#", 1)[0]
    uri = re.sub(r"^http://", "https://", uri)
    return uri[:-5] if uri.endswith(".json") else uri


class Corpus:
    def __init__(self, root: Path):
        self.root = root
        self.schema_dir = root / "schemas"
        self.names = sorted(p.name[:-5] for p in self.schema_dir.glob("*.json"))
        self.files = {p.name for p in self.schema_dir.iterdir()}
        manifest = json.loads((root / "manifest.json").read_text(encoding="utf-8"))["schemas"]
        self.instances = {
            name: sorted(p.name for p in (root / "instances" / name).iterdir())
            if (root / "instances" / name).is_dir() else []
            for name in self.names
        }
        self.manifest = manifest
        self.documents = {}
        self.unreadable = {}
        for name in self.names:
            try:
                self.documents[name] = json.loads((self.schema_dir / f"{name}.json").read_text(encoding="utf-8"))
            except (ValueError, UnicodeDecodeError) as error:
                self.unreadable[name] = str(error)
        # Every `$id` of the corpus (root and nested), normalized, to the schema that holds it.
        self.by_id = {}
        self.base = {}
        for name, document in self.documents.items():
            root_id = document.get("$id", document.get("id")) if isinstance(document, dict) else None
            self.base[name] = root_id if isinstance(root_id, str) else f"https://json.schemastore.org/{name}.json"
            for uri in schema_ids(document):
                absolute = urllib.parse.urljoin(self.base[name], uri)
                self.by_id.setdefault(normal_uri(absolute), name)
        # Per schema: its references to other corpus schemas and to documents outside the corpus.
        self.internal = {}
        self.external = {}
        for name, document in self.documents.items():
            internal, external = set(), []
            for pointer, ref in schema_refs(document):
                target = self.resolve(name, ref)
                if target is None:
                    external.append((pointer, ref))
                elif target != name:
                    internal.add(target)
            self.internal[name] = internal
            self.external[name] = external
        # Schemas that reach a document outside the corpus through corpus references.
        self.reaches_external = set()
        for name in self.documents:
            seen, stack = set(), [name]
            while stack:
                current = stack.pop()
                if current in seen:
                    continue
                seen.add(current)
                if self.external.get(current):
                    self.reaches_external.add(name)
                    break
                stack.extend(self.internal.get(current, ()))

    def closure_bytes(self, name: str) -> int:
        """The size of a schema with every corpus schema it reaches through references."""
        seen, stack = set(), [name]
        while stack:
            current = stack.pop()
            if current not in seen:
                seen.add(current)
                stack.extend(self.internal.get(current, ()))
        return sum((self.schema_dir / f"{n}.json").stat().st_size for n in seen)

    def resolve(self, name: str, ref: str):
        """The corpus schema a `$ref` points into (`name` itself for a local one), or None."""
        if ref.startswith("#") or ref == "":
            return name
        parsed = urllib.parse.urlsplit(ref)
        absolute = urllib.parse.urljoin(self.base[name], ref)
        if normal_uri(absolute) in self.by_id:
            return self.by_id[normal_uri(absolute)]
        if parsed.scheme in ("http", "https"):
            if parsed.hostname not in SCHEMASTORE_HOSTS:
                return None
        elif parsed.scheme:
            return None
        file_name = parsed.path.rstrip("/").rsplit("/", 1)[-1]
        if not file_name:
            return None
        for candidate in (file_name, file_name + ".json"):
            if candidate in self.files and candidate.endswith(".json"):
                return candidate[:-5]
        return None


# ---------------------------------------------------------------------------------------------
# Generation


def module_names(names):
    """A Swift module name and a catalog name per schema, unique, deterministic."""
    modules, used = {}, set()
    for name in names:
        base = "SS_" + re.sub(r"[^A-Za-z0-9]", "_", name)
        module, counter = base, 2
        while module.lower() in used:
            module, counter = f"{base}_{counter}", counter + 1
        used.add(module.lower())
        modules[name] = (module, "Catalog" + module)
    return modules


REFUSAL = re.compile(
    r"^(?:error: )?(?P<file>\S[^\n]*?\.(?:json|toml))(?:#(?P<fragment>.*?))?: (?:at (?P<at>/.*?|): )?(?P<message>.*)$",
    re.S,
)


def parse_refusal(output: str):
    """(file name, pointer or None, message) of the tool's refusal, or None without a location."""
    lines = [line for line in output.strip().splitlines() if line.strip()]
    for line in lines:
        match = REFUSAL.match(line.strip())
        if match:
            pointer = match.group("fragment") if match.group("fragment") is not None else match.group("at")
            return Path(match.group("file")).name, pointer, match.group("message").strip()
    return None


def category(message: str) -> str:
    """A refusal message with its quoted names and numbers blanked, to group alike refusals."""
    text = re.sub(r"'[^']*'", "'…'", message)
    text = re.sub(r'"[^"]*"', '"…"', text)
    text = re.sub(r"\b\d+\b", "N", text)
    return text


def keyword_of(message: str):
    match = re.match(r"unsupported keyword '([^']*)'", message)
    return match.group(1) if match else None


def is_accepted(corpus: Corpus, name: str, file_name: str, message: str) -> bool:
    """A refusal for an accepted reason: its message names a `$ref` of the refused document (the
    schema or one it reaches) to a document outside the corpus."""
    if name not in corpus.reaches_external:
        return False
    holder = file_name[:-5] if file_name.endswith(".json") else file_name
    for _, ref in corpus.external.get(holder, []):
        uri = ref.split("#", 1)[0]
        if ref in message or (uri and uri in message):
            return True
    return False


def run_codegen(args, corpus: Corpus, name: str, modules):
    folder = Path(args.work) / "schema" / name / "Schema"
    folder.mkdir(parents=True)
    shutil.copyfile(corpus.schema_dir / f"{name}.json", folder / f"{name}.json")
    output = Path(args.work) / "gen" / name
    module, catalog = modules[name]
    command = [args.codegen, "--schema", str(folder), "--output", str(output), "--catalog-name", catalog,
               "--runtime-module", "RonGenerated"]
    if args.references:
        command += ["--references", str(corpus.schema_dir)]
    start = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=GENERATE_TIMEOUT)
        seconds = time.monotonic() - start
        code, text = done.returncode, (done.stderr + done.stdout).strip()
    except subprocess.TimeoutExpired:
        seconds, code, text = time.monotonic() - start, None, f"timed out after {GENERATE_TIMEOUT} s"
    shutil.rmtree(folder.parent)
    result = {"name": name, "seconds": round(seconds, 3)}
    if code == 0 and list(output.glob("*.swift")):
        result["status"] = "generated"
        result["lines"] = sum(p.read_text(encoding="utf-8").count("\n") for p in output.glob("*.swift"))
        return result
    if code is None:
        result.update(status="failure", kind="timeout", message=text)
        return result
    if code < 0:
        result.update(status="failure", kind="crash", message=f"ron-codegen crashed (signal {-code}): {text[-300:]}")
        return result
    if code == 0:
        result.update(status="failure", kind="no-output", message="exit 0 but no Swift file written")
        return result
    located = parse_refusal(text)
    if located is None:
        first = text.splitlines()[0] if text else f"exit {code}, no message"
        result.update(status="failure", kind="unlocated", message=f"refused without a file and pointer: {first}")
        return result
    file_name, pointer, message = located
    result.update(file=file_name, pointer=pointer, message=message, category=category(message))
    if is_accepted(corpus, name, file_name, message):
        result.update(status="refused", kind="external-ref")
    else:
        result.update(status="failure", kind="refusal")
    return result


def location(result) -> str:
    where = result.get("file", "")
    if result.get("pointer"):
        where += "#" + result["pointer"]
    return where


def cmd_generate(args):
    corpus = Corpus(Path(args.corpus))
    work = Path(args.work)
    modules = module_names(corpus.names)
    (work / "report").mkdir(parents=True, exist_ok=True)

    names = corpus.names
    if args.only:
        names = sorted(set(args.only.split(",")))
        unknown = [n for n in names if n not in corpus.names]
        if unknown:
            sys.exit(f"error: not in the corpus: {', '.join(unknown)}")
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda name: run_codegen(args, corpus, name, modules), names))
    by_name = {r["name"]: r for r in results}

    total = len(results)
    generated = [r for r in results if r["status"] == "generated"]
    refused = [r for r in results if r["status"] == "refused"]
    failures = [r for r in results if r["status"] == "failure"]
    self_contained = [n for n in names if not corpus.external.get(n) and n not in corpus.unreadable]
    k = len(self_contained)
    m = sum(1 for n in self_contained if by_name[n]["status"] == "generated")
    percent = 100.0 * m / k if k else 0.0

    if not args.references:
        print("note: ron-codegen has no --references yet: generated without it, so references between "
              "corpus schemas are refused too (and counted as failures)")
    print(f"schemastore: {len(generated)} of {total} generate ({m} of the {k} whose references are all in the "
          f"corpus = {percent:.1f} %); {len(refused)} refused for an accepted reason; {len(failures)} failures")
    externals = sorted(n for n in corpus.names if corpus.external.get(n))
    print(f"  {len(externals)} schemas refer to documents outside the corpus; "
          f"{len(corpus.reaches_external)} reach one through corpus references")

    # Every outcome, one line a schema, for the generator's authors.
    with open(work / "report" / "generation.tsv", "w", encoding="utf-8") as out:
        out.write("schema\tstatus\tkind\tseconds\tlocation\tmessage\n")
        for r in results:
            out.write("\t".join([r["name"], r["status"], r.get("kind", ""), f'{r["seconds"]:.3f}', location(r),
                                 r.get("message", "").replace("\t", " ").replace("\n", " ")]) + "\n")
    with open(work / "report" / "external-refs.txt", "w", encoding="utf-8") as out:
        for name in externals:
            for pointer, ref in corpus.external[name]:
                out.write(f"{name}\t{pointer}\t{ref}\n")

    # The breakdown by category: what to do next in the generator.
    categories = collections.Counter()
    keywords = collections.Counter()
    for r in failures:
        categories[r.get("category") or r["kind"]] += 1
        if keyword_of(r.get("message", "")):
            keywords[keyword_of(r["message"])] += 1
    with open(work / "report" / "failure-categories.txt", "w", encoding="utf-8") as out:
        for text, count in categories.most_common():
            out.write(f"{count:5d}  {text}\n")
        out.write("\nunsupported keyword, by keyword:\n")
        for text, count in keywords.most_common():
            out.write(f"{count:5d}  {text}\n")
        for text, count in categories.most_common(8):
            where = collections.Counter(
                (r.get("pointer") or "").rsplit("/", 1)[-1] or "(root)"
                for r in failures if (r.get("category") or r["kind"]) == text)
            out.write(f"\n{text} ({count}), by the pointer's last token:\n")
            for token, n in where.most_common(15):
                out.write(f"{n:5d}  {token}\n")
    print("failures by category (top 12):")
    for text, count in categories.most_common(12):
        print(f"  {count:4d}  {text}")
    if keywords:
        print("  unsupported keyword, by keyword: " + ", ".join(f"{k} {c}" for k, c in keywords.most_common(10)))
    print(f"failures (name: location: message; {min(len(failures), args.cap)} of {len(failures)} shown):")
    for r in failures[: args.cap]:
        print(f"  {r['name']}: {location(r) + ': ' if location(r) else ''}{r['message'][:200]}")

    # The compile sample, chosen by name only (a chosen schema that is refused counts as refused).
    with_instances = [n for n in corpus.names if corpus.instances[n]]
    if args.only:
        chosen = list(names)
    elif args.all:
        chosen = list(corpus.names)
    else:
        chosen = [n for n in with_instances[::SAMPLE_STEP] if corpus.closure_bytes(n) <= CI_SAMPLE_MAX_BYTES]
    chosen = sorted(set(chosen))
    with open(work / "sample.tsv", "w", encoding="utf-8") as out:
        for name in chosen:
            if by_name[name]["status"] == "generated":
                module, catalog = modules[name]
                out.write(f"{name}\t{module}\t{catalog}\n")
    sample_generated = sum(1 for n in chosen if by_name[n]["status"] == "generated")
    print(f"compile sample: {len(chosen)} schemas chosen by name ({'every schema' if args.all else f'every {SAMPLE_STEP}th with instances'}), "
          f"{sample_generated} generated, {len(chosen) - sample_generated} refused")
    for name in LARGEST if args.all and not args.only else []:
        r = by_name[name]
        print(f"  {name}: generation {r['seconds']:.2f} s, {r['status']}"
              + (f", {r.get('lines', 0)} lines" if r["status"] == "generated" else f": {r.get('message', '')[:150]}"))

    state = {"percent": percent, "generated": len(generated), "k": k, "m": m,
             "refused": len(refused), "failures": len(failures), "chosen": chosen,
             "references": args.references, "results": by_name}
    (work / "generation.json").write_text(json.dumps(state), encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# Compilation and the driver


def read_sample(work: Path):
    rows = []
    for line in (work / "sample.tsv").read_text(encoding="utf-8").splitlines():
        name, module, catalog = line.split("\t")
        rows.append((name, module, catalog))
    return rows


def cmd_compiled(args):
    """Prints the sample's compile outcome; writes WORK/compiled.tsv (the modules that compiled)."""
    work = Path(args.work)
    compiled, failed = [], []
    for name, module, catalog in read_sample(work):
        ok = work / "compile" / f"{name}.ok"
        if ok.exists():
            compiled.append((name, module, catalog, int(ok.read_text().strip() or 0) / 1000))
        else:
            log = work / "compile" / f"{name}.log"
            text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else "no compiler log"
            errors = [l for l in text.splitlines() if ": error:" in l] or text.splitlines()[-3:]
            failed.append((name, errors))
    with open(work / "compiled.tsv", "w", encoding="utf-8") as out:
        for name, module, catalog, seconds in compiled:
            out.write(f"{name}\t{module}\t{catalog}\t{seconds:.2f}\n")
    with open(work / "report" / "compile.txt", "w", encoding="utf-8") as out:
        for name, module, catalog, seconds in compiled:
            out.write(f"{name}\tcompiled\t{seconds:.2f}\n")
        for name, errors in failed:
            out.write(f"{name}\tFAILED\t{errors[0] if errors else ''}\n")
    total = len(compiled) + len(failed)
    print(f"compile: {len(compiled)} of {total} generated sample schemas compile; {len(failed)} fail")
    for name, errors in failed:
        print(f"  {name}: does not compile")
        for line in errors[:3]:
            print(f"    {re.sub(r'^.*/gen/', '', line)[:300]}")
    times = {row[0]: row[3] for row in compiled}
    for name in LARGEST:
        if name in times:
            print(f"  {name}: debug compile {times[name]:.1f} s")
    if compiled:
        slowest = sorted(compiled, key=lambda row: -row[3])[:5]
        print("  slowest: " + ", ".join(f"{row[0]} {row[3]:.1f} s" for row in slowest))
    (work / "compile-failures").write_text(str(len(failed)))


def cmd_catalogs(args):
    work = Path(args.work)
    lines = [
        "// Written by .ci/schemastore.py: the catalog of every compiled sample module.",
        "import RonGenerated",
    ]
    rows = [line.split("\t") for line in (work / "compiled.tsv").read_text(encoding="utf-8").splitlines()]
    lines += [f"import {module}" for _, module, _, _ in rows]
    lines += ["", "func schemaStoreCatalogs() -> [(name: String, catalog: any RonTypeCatalog.Type)] {", "    ["]
    lines += [f"        ({json.dumps(name)}, {module}.{catalog}.self)," for name, module, catalog, _ in rows]
    if not rows:
        lines += ["        "]
    lines += ["    ]", "}", ""]
    (work / "driver").mkdir(exist_ok=True)
    (work / "driver" / "Catalogs.swift").write_text("\n".join(lines), encoding="utf-8")
    (work / "driver" / "libraries").write_text(" ".join(f"-l{module}" for _, module, _, _ in rows))


# ---------------------------------------------------------------------------------------------
# Round trip


def kind(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object"


TIMESTAMP = re.compile(r"^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$")


def same_instant(a, b) -> bool:
    """Whether two strings are RFC 3339 date-times with an offset that name the same instant (a Date
    in a union or a collection is written back in UTC: the instant is kept, the offset is not)."""
    try:
        first, second = (datetime.datetime.fromisoformat(x.replace("z", "Z")) for x in (a, b))
    except ValueError:
        return False
    return len(a) >= 20 and first.tzinfo is not None and second.tzinfo is not None and first == second


def first_difference(original, encoded, pointer="", instants=None):
    """(pointer, category, text) of the first difference of two JSON values, or None if equal.
    A date-time written back with another offset for the same instant is no difference; its pointer
    goes into `instants`."""
    a, b = kind(original), kind(encoded)
    if a != b:
        return pointer, f"{a} became {b}", f"{a} became {b}: {short(original)} -> {short(encoded)}"
    if a == "object":
        for key in original:
            child = pointer + "/" + pointer_token(key)
            if key not in encoded:
                if original[key] is None:
                    return child, "null member dropped", "null member missing after re-encoding"
                if key == "$schema":
                    return child, "$schema member dropped", "missing after re-encoding"
                return child, "member missing", "missing after re-encoding"
            found = first_difference(original[key], encoded[key], child, instants)
            if found:
                return found
        for key in encoded:
            if key not in original:
                child = pointer + "/" + pointer_token(key)
                if encoded[key] is None:
                    return child, "null member added", "null member added by re-encoding"
                return child, "member added", f"added by re-encoding: {short(encoded[key])}"
        return None
    if a == "array":
        for index, (x, y) in enumerate(zip(original, encoded)):
            found = first_difference(x, y, f"{pointer}/{index}", instants)
            if found:
                return found
        if len(original) != len(encoded):
            return pointer, "array length changed", f"{len(original)} items became {len(encoded)}"
        return None
    if original != encoded:
        if a == "string" and same_instant(original, encoded):
            if instants is not None:
                instants.append(pointer)
            return None
        loss = f"{a} changed"
        if a == "string" and TIMESTAMP.match(original) and TIMESTAMP.match(encoded):
            loss = "date-time string rewritten"
        return pointer, loss, f"{short(original)} became {short(encoded)}"
    return None


def short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def decode_category(message: str) -> str:
    match = re.match(r"(\w+)", message)
    return match.group(1) if match else "error"


def cmd_roundtrip(args):
    work = Path(args.work)
    corpus_root = Path(args.corpus)
    rows = [line.split("\t") for line in (work / "compiled.tsv").read_text(encoding="utf-8").splitlines()]
    out_root = work / "reencoded"
    lines, equal, decode_failed, total, by_instant = [], 0, 0, 0, 0
    losses, decode_kinds = collections.Counter(), collections.Counter()
    per_schema = {}
    for name, module, catalog, _ in rows:
        folder = corpus_root / "instances" / name
        documents = sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []
        if not documents:
            continue
        out = out_root / name
        out.mkdir(parents=True, exist_ok=True)
        root = run_driver(args.driver, name, out, [str(folder / d) for d in documents])
        if root.get("crash") and len(documents) > 1:
            # Find which document brings the driver down: one run a document.
            for document in documents:
                if not (out / document).exists() and not (out / (document + ".error")).exists():
                    run_driver(args.driver, name, out, [str(folder / document)])
        schema_equal = 0
        for document in documents:
            total += 1
            label = f"{name}/{document}"
            result, error = out / document, out / (document + ".error")
            if result.exists():
                original = json.loads((folder / document).read_text(encoding="utf-8"))
                try:
                    encoded = json.loads(result.read_text(encoding="utf-8"))
                except ValueError as problem:
                    lines.append(f"{label}\tinvalid JSON written: {problem}")
                    losses["invalid JSON written"] += 1
                    continue
                instants = []
                found = first_difference(original, encoded, instants=instants)
                if found is None:
                    by_instant += 1 if instants else 0
                    equal += 1
                    schema_equal += 1
                else:
                    pointer, loss, text = found
                    losses[loss] += 1
                    lines.append(f"{label}\t{pointer or '(root)'}: {text}")
            else:
                decode_failed += 1
                message = error.read_text(encoding="utf-8").strip() if error.exists() else \
                    f"driver crashed ({root.get('crash') or 'no output'})"
                decode_kinds["crash" if not error.exists() else decode_category(message)] += 1
                lines.append(f"{label}\tdecode: {message[:300]}")
        per_schema[name] = (schema_equal, len(documents), root.get("root", "?"))
    report = work / "report" / "roundtrip.txt"
    report.write_text("\n".join(lines) + ("\n" if lines else ""), encoding="utf-8")
    with open(work / "report" / "roundtrip-schemas.tsv", "w", encoding="utf-8") as out:
        for name, (ok, count, root) in sorted(per_schema.items()):
            out.write(f"{name}\t{ok}/{count}\troot {root}\n")
    print(f"round trip: {equal} of {total} documents of the compiled sample equal; {decode_failed} fail to decode"
          f" ({sum(1 for ok, count, _ in per_schema.values() if ok == count)} of {len(per_schema)} schemas all equal)")
    if by_instant:
        print(f"  of those, {by_instant} equal with a date-time written in UTC for the instant it named")
    if losses:
        print("  losses: " + ", ".join(f"{k} {c}" for k, c in losses.most_common()))
    if decode_kinds:
        print("  decode failures: " + ", ".join(f"{k} {c}" for k, c in decode_kinds.most_common()))
    print(f"  first 30 lines of the list ({len(lines)} documents differ or fail):")
    for line in lines[:30]:
        print("    " + line.replace("\t", ": ", 1))
    (work / "roundtrip-summary").write_text(f"{equal} {total} {decode_failed}")


def run_driver(driver, name, out, files):
    try:
        done = subprocess.run([driver, name, str(out)] + files, capture_output=True, text=True,
                              errors="replace", timeout=120)
    except subprocess.TimeoutExpired:
        return {"crash": "timed out after 120 s"}
    info = {}
    for line in done.stdout.splitlines():
        if line.startswith("root\t"):
            info["root"] = line.split("\t")[1]
    if done.returncode != 0:
        reason = f"signal {-done.returncode}" if done.returncode < 0 else f"exit {done.returncode}"
        tail = (done.stderr.strip().splitlines() or [""])[-1][:200]
        info["crash"] = reason + (f": {tail}" if tail else "")
    return info


# ---------------------------------------------------------------------------------------------


def cmd_verdict(args):
    work = Path(args.work)
    state = json.loads((work / "generation.json").read_text(encoding="utf-8"))
    compile_failures = int((work / "compile-failures").read_text()) if (work / "compile-failures").exists() else 0
    bad = False
    if state["percent"] < args.threshold:
        print(f"error: {state['percent']:.1f} % of the self-contained schemas generate, below the target of "
              f"{args.threshold} %")
        bad = True
    if compile_failures:
        print(f"error: {compile_failures} generated schemas of the sample do not compile")
        bad = True
    summary = work / "roundtrip-summary"
    equal, total, _ = (int(x) for x in summary.read_text().split()) if summary.exists() else (0, 0, 0)
    share = 100.0 * equal / total if total else 100.0
    if share < args.roundtrip_threshold:
        print(f"error: {equal} of {total} sample documents round-trip ({share:.1f} %), below the target of "
              f"{args.roundtrip_threshold} %")
        bad = True
    if not bad:
        print(f"schemastore: target met ({state['percent']:.1f} % >= {args.threshold} % generate, the sample "
              f"compiles, {share:.1f} % of its documents round-trip)")
    sys.exit(1 if bad else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    generate = sub.add_parser("generate")
    generate.add_argument("--codegen", required=True)
    generate.add_argument("--corpus", required=True)
    generate.add_argument("--work", required=True)
    generate.add_argument("--references", action="store_true")
    generate.add_argument("--all", action="store_true")
    generate.add_argument("--only", default="")
    generate.add_argument("--jobs", type=int, default=2)
    generate.add_argument("--cap", type=int, default=40)
    for name in ("compiled", "catalogs"):
        sub.add_parser(name).add_argument("--work", required=True)
    roundtrip = sub.add_parser("roundtrip")
    roundtrip.add_argument("--work", required=True)
    roundtrip.add_argument("--corpus", required=True)
    roundtrip.add_argument("--driver", required=True)
    verdict = sub.add_parser("verdict")
    verdict.add_argument("--work", required=True)
    verdict.add_argument("--threshold", type=float, required=True)
    verdict.add_argument("--roundtrip-threshold", type=float, default=0.0)
    args = parser.parse_args()
    {"generate": cmd_generate, "compiled": cmd_compiled, "catalogs": cmd_catalogs,
     "roundtrip": cmd_roundtrip, "verdict": cmd_verdict}[args.command](args)


if __name__ == "__main__":
    main()
