#!/usr/bin/env python3
"""Writes the codegen corpus: schema documents in the shapes schemars (Rust) and OpenAPI 3.1 tools
emit, random but reproducible (fixed seed), one folder per document, plus the hand-written ones
under `samples/`. `.ci/check-codegen-corpus.sh` generates Swift for each and type-checks it.

Usage: make_corpus.py OUT_DIR [COUNT]
"""
import json
import random
import shutil
import sys
from pathlib import Path

out = Path(sys.argv[1])
count = int(sys.argv[2]) if len(sys.argv) > 2 else 100
rng = random.Random(20261123)

WORDS = ["item", "user", "page", "token", "state", "kind", "id", "next_page", "created-at", "class",
         "default", "self", "Type", "rawValue", "2fa", "a_b", "aB", "value", "data", "error", "init",
         "x-ron-tag", "ünïcode", "", "$ref", "knownCases", "unknown"]
INT_FORMATS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "int", "uint", None]
STRING_FORMATS = ["uuid", "uri", "date", "date-time", "time", "duration", "ipv4", "ipv6", "email",
                  "my-own-format", None]
TEXTS = ["plain", "with */ inside", "line one\nline two", "carriage\rreturn", "quote \" and \\ back",
         "tab\tand nul-ish \u0001", "emoji 🚀", ""]
RANGES = {"int8": (-128, 127), "int16": (-32768, 32767), "int32": (-2**31, 2**31 - 1),
          "int64": (-2**63, 2**63 - 1), "uint8": (0, 255), "uint16": (0, 65535), "uint32": (0, 2**32 - 1),
          "uint64": (0, 2**64 - 1), "int": (-2**63, 2**63 - 1), "uint": (0, 2**64 - 1), None: (-2**63, 2**63 - 1)}


def scalar(refs, nullable_style, top=False):
    roll = rng.random()
    if roll < 0.25:
        fmt = rng.choice(INT_FORMATS)
        node = {"type": "integer"}
        if fmt:
            node["format"] = fmt
        if fmt and fmt.startswith("u"):
            node["minimum"] = 0.0
        if top and rng.random() < 0.3:
            low, high = RANGES[fmt]
            node["default"] = rng.choice([low, high, 0])
    elif roll < 0.45:
        node = {"type": "string"}
        fmt = rng.choice(STRING_FORMATS)
        if fmt:
            node["format"] = fmt
        if rng.random() < 0.3:
            node["maxLength"] = rng.randint(1, 64)
        if top and rng.random() < 0.2 and fmt != "date-time":
            node["default"] = rng.choice(TEXTS)
    elif roll < 0.55:
        node = {"type": "number", "format": rng.choice(["double", "float"])}
        if top and rng.random() < 0.3:
            node["default"] = rng.choice([0.5, 1, -2.25, 1e30])
    elif roll < 0.62:
        node = {"type": "boolean"}
        if top and rng.random() < 0.3:
            node["default"] = rng.choice([True, False])
    elif roll < 0.75 and refs:
        target = rng.choice(refs)
        node = {"$ref": target}
        if rng.random() < 0.4:
            node = {"description": rng.choice(TEXTS), "allOf": [node]}
    elif roll < 0.85:
        node = {"type": "array", "items": scalar(refs, None)}
    elif roll < 0.92:
        node = {"type": "object", "additionalProperties": scalar(refs, None)}
        if rng.random() < 0.3:
            # schemars 1.0: a map whose Rust keys are integers.
            node["propertyNames"] = rng.choice([{"format": "uint32"}, {"type": "string", "pattern": "^-?[0-9]+$"}])
    elif roll < 0.95:
        node = tuple_schema(refs)
    else:
        node = True
    if nullable_style and node is not True and rng.random() < 0.35:
        if "type" in node and isinstance(node["type"], str) and nullable_style == "type-list":
            node = dict(node, type=[node["type"], "null"])
            node.pop("default", None)
        else:
            node = {"anyOf": [node, {"type": "null"}]}
    if node is not True and rng.random() < 0.3:
        node["description"] = rng.choice(TEXTS)
    return node


def tuple_schema(refs):
    """A tuple as schemars prints it: draft-07 `items: [..]` or 2020-12 `prefixItems` + `items: false`."""
    elements = [scalar(refs, rng.choice(["type-list", None])) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.5:
        node = {"type": "array", "items": elements}
    else:
        node = {"type": "array", "prefixItems": elements, "items": False}
    node["minItems"] = node["maxItems"] = len(elements)
    return node


def document(index):
    dialect = rng.choice(["draft-07", "2020-12", "openapi"])
    defs_key = {"draft-07": "definitions", "2020-12": "$defs", "openapi": None}[dialect]
    names = []
    for _ in range(rng.randint(1, 6)):
        base = rng.choice(WORDS) + rng.choice(["", "_for_" + rng.choice(WORDS), "-" + rng.choice(WORDS)])
        names.append(f"D{index}{base}" if rng.random() < 0.7 else base + f"_{index}")
    names = list(dict.fromkeys(names))
    pointer = {"definitions": "#/definitions/", "$defs": "#/$defs/", None: "#/components/schemas/"}[defs_key]
    escape = lambda name: name.replace("~", "~0").replace("/", "~1")
    refs = []
    struct_refs = []
    types = {}
    for name in names:
        roll = rng.random()
        own_ref = pointer + escape(name)
        if roll < 0.06:
            # schemars: `#[serde(untagged)]` - refs, scalars, arrays, maps and null, in order.
            options = [scalar(refs, None) for _ in range(rng.randint(1, 4))]
            options = [option for option in options if option is not True] or [{"type": "string"}]
            if rng.random() < 0.3:
                options.insert(rng.randint(0, len(options)), {"type": "null"})
            if len(options) == 2 and {"type": "null"} in options:
                options.append({"type": "boolean"})
            schema = {rng.choice(["anyOf", "oneOf"]): options}
        elif roll < 0.1 and struct_refs:
            # `#[serde(flatten)]`: allOf of structs and an inline object.
            # Parts whose properties do not clash (a clash with another schema is refused, as it must).
            chosen, seen = [], set()
            for ref, keys in rng.sample(struct_refs, min(len(struct_refs), rng.randint(1, 2))):
                if not seen & keys:
                    chosen.append(ref)
                    seen |= keys
            parts = [{"$ref": ref} for ref in chosen]
            parts.append({"type": "object", "properties": {
                "own_" + rng.choice(WORDS) + str(n): scalar(refs, "any-of", top=True) for n in range(rng.randint(1, 3))}})
            schema = {"allOf": parts}
        elif roll < 0.14:
            schema = tuple_schema(refs)
        elif roll < 0.2:
            values = list(dict.fromkeys(rng.choice(WORDS) for _ in range(rng.randint(1, 5))))
            schema = {"type": "string", "enum": values}
            if rng.random() < 0.5:
                # schemars: a unit-only enum whose variants carry doc comments.
                schema = {"oneOf": [{"description": rng.choice(TEXTS), "type": "string", "const": value}
                                    for value in values]}
        elif roll < 0.32:
            # schemars: an externally tagged enum (serde's default) - unit names, newtype and struct
            # variants, the latter inline.
            options = [{"type": "string", "enum": list(dict.fromkeys(
                rng.choice(WORDS) for _ in range(rng.randint(1, 3))))}]
            tags = list(dict.fromkeys(rng.choice(WORDS).capitalize() + rng.choice(["", "Two"])
                                      for _ in range(rng.randint(1, 4))))
            for tag in tags:
                if rng.random() < 0.5:
                    data = {"type": "object", "properties": {
                        rng.choice(WORDS): scalar(refs, None, top=True) for _ in range(rng.randint(1, 3))}}
                else:
                    data = scalar(refs, None)
                options.append({"type": "object", "properties": {tag: data}, "required": [tag],
                                "additionalProperties": False})
            schema = {"oneOf": options}
        else:
            properties = {}
            for _ in range(rng.randint(0, 7)):
                properties[rng.choice(WORDS) + rng.choice(["", "_x", "X"])] = scalar(
                    refs, rng.choice(["type-list", "any-of", None]), top=True)
            if rng.random() < 0.25:
                # A loop through an optional (`Option<Box<Self>>`), or through another type.
                target = own_ref if rng.random() < 0.6 or not refs else rng.choice(refs)
                properties["next_" + str(len(properties))] = {"anyOf": [{"$ref": target}, {"type": "null"}]}
            for key in list(properties):
                if rng.random() < 0.1 and isinstance(properties[key], dict):
                    properties[key]["x-ron-aliases"] = ["alias" + str(n) + "_" + key for n in range(rng.randint(1, 2))]
            required = [key for key in properties if rng.random() < 0.4 and not key.startswith("next_") and
                        not (isinstance(properties[key], dict) and "default" in properties[key])]
            schema = {"type": "object", "properties": properties}
            if required:
                schema["required"] = required
            if rng.random() < 0.3:
                schema["additionalProperties"] = False
        if rng.random() < 0.5:
            schema["description"] = rng.choice(TEXTS)
        if rng.random() < 0.2:
            schema["title"] = rng.choice(TEXTS)
        types[name] = schema
        refs.append(own_ref)
        if schema.get("type") == "object":
            struct_refs.append((own_ref, set(schema.get("properties", {}))))
    if dialect == "openapi":
        return {"openapi": "3.1.0", "info": {"title": f"corpus {index}", "version": "1"}, "paths": {},
                "components": {"schemas": types}}
    doc = {"$schema": "http://json-schema.org/draft-07/schema#" if dialect == "draft-07"
           else "https://json-schema.org/draft/2020-12/schema"}
    root_name = names[-1]
    if rng.random() < 0.5:
        # schemars: the last type is the root, named by its title.
        root = types.pop(root_name)
        doc.update(root)
        doc["title"] = root_name
        fixed = json.dumps(types).replace(pointer + escape(root_name) + '"', '#"')
        types = json.loads(fixed)
        for key in ("properties",):
            if key in doc:
                doc[key] = json.loads(json.dumps(doc[key]).replace(pointer + escape(root_name) + '"', '#"'))
    if types:
        doc[defs_key] = types
    return doc


if out.exists():
    shutil.rmtree(out)
for index in range(count):
    folder = out / f"doc{index:03}"
    folder.mkdir(parents=True)
    (folder / f"corpus{index:03}.json").write_text(json.dumps(document(index), indent=1, ensure_ascii=False))
samples = Path(__file__).parent / "samples"
for sample in sorted(samples.glob("*.json")):
    folder = out / f"sample-{sample.stem}"
    folder.mkdir(parents=True)
    shutil.copy(sample, folder / sample.name)
print(f"{count} generated documents and {len(list(samples.glob('*.json')))} samples in {out}")
