#!/usr/bin/env python3
"""A JSON value of one of a description's component schemas with every property filled (made-up
strings, numbers, dates; the first or a random oneOf variant; arrays of two), for decoding figures.

    make_payload.py DESCRIPTION SCHEMA [--list MEMBER=SCHEMA --count N] [--seed S] > payload.json

--list fills the array member MEMBER with N values of SCHEMA (a page of items)."""
import argparse, json, random, sys

import yaml

parser = argparse.ArgumentParser()
parser.add_argument("description")
parser.add_argument("schema")
parser.add_argument("--list")
parser.add_argument("--count", type=int, default=50)
parser.add_argument("--seed", type=int, default=1)
arguments = parser.parse_args()
with open(arguments.description) as file:
    document = yaml.safe_load(file)
schemas = document.get("components", {}).get("schemas") or document.get("definitions") or {}
random.seed(arguments.seed)


def resolve(schema):
    seen = 0
    while "$ref" in schema and seen < 64:
        schema = schemas[schema["$ref"].split("/")[-1]]
        seen += 1
    return schema


def merged(schema):
    schema = resolve(schema)
    if "allOf" not in schema:
        return schema
    out = {"type": "object", "properties": {}}
    for part in schema["allOf"]:
        out["properties"].update(merged(part).get("properties", {}))
    return out


def value(schema, depth, name=""):
    schema = merged(schema)
    for key in ("oneOf", "anyOf"):
        if key in schema:
            choices = [s for s in schema[key] if resolve(s).get("type") != "null"] or schema[key]
            return value(random.choice(choices), depth, name)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type", "object")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    if kind == "object":
        return {} if depth > 6 else {k: value(v, depth + 1, k) for k, v in schema.get("properties", {}).items()}
    if kind == "array":
        return [value(schema.get("items", {}), depth + 1, name) for _ in range(2 if depth < 4 else 1)]
    if kind == "string":
        form = schema.get("format")
        if form == "date-time":
            return "2024-05-0%dT10:11:12Z" % random.randint(1, 9)
        if form == "date":
            return "2024-05-0%d" % random.randint(1, 9)
        return "%s-%08x" % (name or "text", random.getrandbits(32))
    if kind == "integer":
        return random.randint(0, 100000)
    if kind == "number":
        return random.random()
    if kind == "boolean":
        return True
    return None


result = value(schemas[arguments.schema], 0)
if arguments.list:
    member, item = arguments.list.split("=", 1)
    result[member] = [value(schemas[item], 1) for _ in range(arguments.count)]
json.dump(result, sys.stdout)
