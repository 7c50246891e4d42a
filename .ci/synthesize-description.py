#!/usr/bin/env python3
"""Writes a vendor-sized OpenAPI 3.0 description of the shape published ones have, for the check of a
`ron new` package with a large description dropped in (.ci/check-own-schema.sh --vendor).

No published description is committed (their licenses vary), so this one is built to match the
photo server's that the issue was found with: about 150 paths and 320 schemas, and what such
documents hold: objects with required and `nullable` members, formats (uuid, date-time, email, uri,
int64), string enums by `$ref` and inline, `allOf` of a base and more members, `oneOf` with a
discriminator and a mapping, maps (`additionalProperties`), arrays of references, binary answers
(image/jpeg, application/octet-stream), text answers, `204`s, multipart uploads with a file part,
JSON bodies, and path, query (integers with ranges, enums, booleans, exploded arrays) and header
parameters. No example anywhere: the mock makes every answer up. Deterministic (a fixed seed).

    .ci/synthesize-description.py OUT.json [--paths N]
"""
import argparse
import json
import random

NOUNS = [
    "asset", "album", "person", "face", "tag", "library", "partner", "share", "memory", "job",
    "device", "session", "apiKey", "notification", "stack", "trash", "map", "place", "timeline",
    "search", "server", "user", "admin", "duplicate", "audit", "activity", "download", "upload",
    "sync", "oauth", "system", "config", "report", "backup", "storage", "template", "folder",
    "view", "reaction", "comment", "exif", "thumbnail", "video", "archive", "license", "webhook",
    "plugin", "theme", "quota", "invite",
]
FORMATS = [None, None, None, "uuid", "date-time", "email", "uri", "date"]


def camel(*parts):
    head, *rest = parts
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def pascal(*parts):
    return "".join(part[:1].upper() + part[1:] for part in parts)


def build(paths_wanted, rng):
    schemas = {}
    enums = []
    # String enums: shared by $ref.
    for index in range(40):
        name = pascal(NOUNS[index % len(NOUNS)], ["Status", "Kind", "Order", "Visibility"][index % 4]) + (
            str(index // len(NOUNS)) if index >= len(NOUNS) else "")
        values = [f"{word}{i}" if i else word for i, word in enumerate(
            rng.sample(["active", "archived", "pending", "deleted", "hidden", "asc", "desc", "public",
                        "private", "shared", "ready", "failed"], rng.randint(3, 8)))]
        schemas[name] = {"type": "string", "enum": values}
        enums.append(name)

    entities = []
    for noun in NOUNS:
        for suffix in ["ResponseDto", "CreateDto", "UpdateDto", "StatisticsDto", "SummaryDto"]:
            entities.append(pascal(noun, suffix))
    # A base type and the types built on it with allOf.
    schemas["BaseEntityDto"] = {
        "type": "object", "required": ["id", "createdAt"],
        "properties": {"id": {"type": "string", "format": "uuid"}, "createdAt": {"type": "string", "format": "date-time"},
                       "updatedAt": {"type": "string", "format": "date-time", "nullable": True}},
    }

    def member(depth, defined):
        roll = rng.random()
        if roll < 0.30:
            schema = {"type": "string"}
            fmt = rng.choice(FORMATS)
            if fmt:
                schema["format"] = fmt
            if not fmt and rng.random() < 0.3:
                schema["maxLength"] = rng.choice([64, 255, 1024])
            return schema
        if roll < 0.45:
            schema = {"type": "integer", "format": rng.choice(["int32", "int64"])}
            if rng.random() < 0.5:
                schema["minimum"] = 0
            return schema
        if roll < 0.52:
            return {"type": "number", "format": "double"}
        if roll < 0.62:
            return {"type": "boolean"}
        if roll < 0.72:
            return {"$ref": f"#/components/schemas/{rng.choice(enums)}"}
        if roll < 0.80 and defined:
            return {"$ref": f"#/components/schemas/{rng.choice(defined)}"}
        if roll < 0.88 and defined:
            return {"type": "array", "items": {"$ref": f"#/components/schemas/{rng.choice(defined)}"}}
        if roll < 0.93:
            return {"type": "object", "additionalProperties": {"type": "string"}}
        if roll < 0.97:
            return {"type": "array", "items": {"type": "string", "format": rng.choice(["uuid", None]) or "email"}}
        return {"type": "string", "enum": ["low", "medium", "high"]}

    defined = []
    for index, name in enumerate(entities):
        count = rng.randint(3, 14)
        properties = {}
        for position in range(count):
            key = camel(rng.choice(NOUNS), rng.choice(["Id", "Name", "Count", "At", "Path", "Url", "Type", "Size", "Ids", "Info"]))
            if key in properties:
                continue
            schema = member(0, defined)
            if rng.random() < 0.2 and "$ref" not in schema:
                schema["nullable"] = True
            properties[key] = schema
        required = [key for key in properties if rng.random() < 0.5]
        body = {"type": "object", "properties": properties}
        if required:
            body["required"] = required
        if name.endswith("ResponseDto") and index % 3 == 0:
            schemas[name] = {"allOf": [{"$ref": "#/components/schemas/BaseEntityDto"}, body]}
        else:
            schemas[name] = body
        if rng.random() < 0.6:
            defined.append(name)

    # Unions with a discriminator and a mapping (the variants hold the tag).
    for index in range(12):
        tag = "type"
        variants = []
        for variant in range(rng.randint(2, 4)):
            variant_name = pascal(NOUNS[index], "Variant", str(variant))
            schemas[variant_name] = {
                "type": "object", "required": [tag, "value"],
                "properties": {tag: {"type": "string", "enum": [f"v{variant}"]},
                               "value": member(0, defined), "note": {"type": "string", "nullable": True}},
            }
            variants.append((f"v{variant}", variant_name))
        schemas[pascal(NOUNS[index], "Union")] = {
            "oneOf": [{"$ref": f"#/components/schemas/{name}"} for _, name in variants],
            "discriminator": {"propertyName": tag,
                              "mapping": {value: f"#/components/schemas/{name}" for value, name in variants}},
        }
    # Pages of results.
    for noun in NOUNS[:30]:
        schemas[pascal(noun, "PageDto")] = {
            "type": "object", "required": ["items", "total"],
            "properties": {"items": {"type": "array", "items": {"$ref": f"#/components/schemas/{pascal(noun, 'ResponseDto')}"}},
                           "total": {"type": "integer"}, "nextPage": {"type": "string", "nullable": True}},
        }

    paths = {}
    operation_ids = set()

    def op(noun, verb, summary, **fields):
        operation_id = camel(verb, pascal(noun)) if verb else noun
        while operation_id in operation_ids:
            operation_id += "Again"
        operation_ids.add(operation_id)
        return {"operationId": operation_id, "summary": summary, "tags": [pascal(noun)], **fields}

    def json_answer(ref, array=False):
        schema = {"$ref": f"#/components/schemas/{ref}"}
        if array:
            schema = {"type": "array", "items": schema}
        return {"200": {"description": "OK", "content": {"application/json": {"schema": schema}}}}

    id_param = {"name": "id", "in": "path", "required": True, "schema": {"type": "string", "format": "uuid"}}
    for noun in NOUNS:
        response, create, update = (pascal(noun, s) for s in ("ResponseDto", "CreateDto", "UpdateDto"))
        query = [
            {"name": "size", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 1000}},
            {"name": "order", "in": "query", "schema": {"$ref": f"#/components/schemas/{rng.choice(enums)}"}},
            {"name": "withArchived", "in": "query", "schema": {"type": "boolean"}},
            {"name": "ids", "in": "query", "explode": True,
             "schema": {"type": "array", "items": {"type": "string", "format": "uuid"}}},
        ]
        paths[f"/{noun}s"] = {
            "get": op(noun, "getAll", f"List {noun}s", parameters=query, responses=json_answer(response, array=True)),
            "post": op(noun, "create", f"Create a {noun}",
                       requestBody={"required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{create}"}}}},
                       responses={"201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{response}"}}}}}),
        }
        paths[f"/{noun}s/{{id}}"] = {
            "get": op(noun, "get", f"One {noun}", parameters=[id_param], responses=json_answer(response)),
            "put": op(noun, "update", f"Change a {noun}", parameters=[id_param],
                      requestBody={"required": True, "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{update}"}}}},
                      responses=json_answer(response)),
            "delete": op(noun, "delete", f"Remove a {noun}", parameters=[id_param],
                         responses={"204": {"description": "Removed"}}),
        }
        if len(paths) >= paths_wanted:
            break
        extra = NOUNS.index(noun) % 5
        if extra == 0:
            paths[f"/{noun}s/{{id}}/thumbnail"] = {"get": op(noun, "view", f"The {noun}'s thumbnail", parameters=[
                id_param, {"name": "size", "in": "query", "schema": {"type": "string", "enum": ["preview", "thumbnail"]}}],
                responses={"200": {"description": "The image", "content": {"image/jpeg": {"schema": {"type": "string", "format": "binary"}}}}})}
        elif extra == 1:
            paths[f"/{noun}s/{{id}}/original"] = {"get": op(noun, "download", f"The {noun}'s original bytes", parameters=[id_param],
                responses={"200": {"description": "The bytes", "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}})}
        elif extra == 2:
            paths[f"/{noun}s/upload"] = {"post": op(noun, "upload", f"Upload a {noun}", requestBody={"required": True, "content": {
                "multipart/form-data": {"schema": {"type": "object", "required": ["file", "deviceId"], "properties": {
                    "file": {"type": "string", "format": "binary"}, "deviceId": {"type": "string"},
                    "takenAt": {"type": "string", "format": "date-time"}, "favorite": {"type": "boolean"}}}}}},
                responses=json_answer(response))}
        elif extra == 3:
            paths[f"/{noun}s/statistics"] = {"get": op(noun, "statistics", f"Statistics of {noun}s", parameters=[
                {"name": "x-request-tag", "in": "header", "schema": {"type": "string"}}],
                responses=json_answer(pascal(noun, "StatisticsDto")))}
        else:
            paths[f"/{noun}s/{{id}}/union"] = {"get": op(noun, "union", f"The {noun} as one of its kinds", parameters=[id_param],
                responses=json_answer(pascal(NOUNS[NOUNS.index(noun) % 12], "Union")))}
            paths[f"/{noun}s/version"] = {"get": op(noun, "version", f"The {noun} service's version",
                responses={"200": {"description": "The version", "content": {"text/plain": {"schema": {"type": "string"}}}}})}
        if len(paths) >= paths_wanted:
            break
    for noun in NOUNS[:30]:
        if len(paths) >= paths_wanted:
            break
        paths[f"/{noun}s/page"] = {"get": op(noun, "page", f"A page of {noun}s", parameters=[
            {"name": "page", "in": "query", "schema": {"type": "string"}}], responses=json_answer(pascal(noun, "PageDto")))}
    return {
        "openapi": "3.0.3",
        "info": {"title": "Synthetic photo server", "version": "1.0.0",
                 "description": "Built by .ci/synthesize-description.py to the size and shape of a published one."},
        "servers": [{"url": "/api"}],
        "paths": paths,
        "components": {"schemas": schemas},
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--paths", type=int, default=150)
    args = parser.parse_args()
    document = build(args.paths, random.Random(20261128))
    with open(args.out, "w") as handle:
        json.dump(document, handle, indent=1)
    operations = sum(len(item) for item in document["paths"].values())
    print(f"{args.out}: {len(document['paths'])} paths, {operations} operations, "
          f"{len(document['components']['schemas'])} schemas")


if __name__ == "__main__":
    main()
