"""Edits a description the way a user does, for Benchmarks/BuildTimes/run.sh.

    edit_description.py count FILE          the number of operations
    edit_description.py normalize FILE      read and write back (JSON or YAML), so the timed
                                            edits below change only what they say
    edit_description.py operation FILE      the first operation gains an optional query parameter
    edit_description.py documentation FILE  the first operation's description changes
    edit_description.py type FILE [NAME]    the component schema NAME (default: the first of an
                                            object) gains an optional string property

"The first operation" is the first method of the first path, in the document's order.
"""
import json
import sys

import yaml

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")


def read(path):
    with open(path) as handle:
        text = handle.read()
    if path.endswith(".json"):
        return json.loads(text)
    return yaml.safe_load(text)


def write(path, document):
    with open(path, "w") as handle:
        if path.endswith(".json"):
            json.dump(document, handle, indent=2, ensure_ascii=False)
        else:
            yaml.safe_dump(document, handle, sort_keys=False, allow_unicode=True, width=120)


def operations(document):
    for path, item in (document.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        for method in item:
            if method in METHODS and isinstance(item[method], dict):
                yield path, method, item[method]


def main():
    action, path = sys.argv[1], sys.argv[2]
    document = read(path)
    if action == "count":
        print(sum(1 for _ in operations(document)))
        return
    if action == "type":
        schemas = (document.get("components") or {}).get("schemas") or document.get("definitions") or {}
        if len(sys.argv) > 3:
            target = schemas[sys.argv[3]]
        else:
            target = next(s for s in schemas.values() if isinstance(s, dict) and isinstance(s.get("properties"), dict))
        target["properties"]["ronBenchEdit"] = {"type": "string"}
    elif action != "normalize":
        _, _, operation = next(operations(document))
        if action == "operation":
            # A name no parameter of the operation has yet: an edit that changes nothing times nothing.
            taken = {p.get("name") for p in operation.get("parameters", []) if isinstance(p, dict)}
            name = next(n for n in ("ronBenchEdit%s" % (i or "") for i in range(1000)) if n not in taken)
            parameter = {"name": name, "in": "query", "required": False}
            if "swagger" in document:
                parameter["type"] = "string"
            else:
                parameter["schema"] = {"type": "string"}
            operation.setdefault("parameters", []).append(parameter)
        elif action == "documentation":
            operation["description"] = (operation.get("description") or "") + " Edited for a benchmark."
        else:
            sys.exit(f"unknown action {action}")
    write(path, document)


main()
