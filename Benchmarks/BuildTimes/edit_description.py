"""Edits a description the way a user does, for Benchmarks/BuildTimes/run.sh.

    edit_description.py count FILE          the number of operations
    edit_description.py format FILE         openapi-3.0, openapi-3.1 or swagger-2.0 (exits 64,
                                            naming FILE, for anything else)
    edit_description.py normalize FILE      read and write back (JSON or YAML), so the timed
                                            edits below change only what they say
    edit_description.py operation FILE      the first operation gains an optional query parameter
    edit_description.py documentation FILE  the first operation's description changes
    edit_description.py type FILE [NAME]    the component schema NAME (default: the first of an
                                            object) gains an optional string property (a new one
                                            each time)

Whatever it cannot read or edit (no such file, no description, no operation, no object schema, an
unknown action) is `error: FILE: …` on standard error and exit 64.

"The first operation" is the first method of the first path, in the document's order, whose
object no other operation shares; a path item or an operation that is a `$ref` to another file is
followed, and that file is edited. (Algolia's four methods of `/{path}` are `$ref`s to one object:
an edit of it is an edit of four operations, so the first of them is passed over.)
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


def resolve(path, document, node):
    """A `$ref` to another file (`paths/menu.yaml`, `a.yml#/x`), followed: (file, its document, the
    node it points at); `node` itself when it is no such reference."""
    import os

    if not (isinstance(node, dict) and isinstance(node.get("$ref"), str)) or node["$ref"].startswith("#"):
        return path, document, node
    target, _, pointer = node["$ref"].partition("#")
    target = os.path.normpath(os.path.join(os.path.dirname(path), target))
    document = read(target)
    node = document
    for token in [t for t in pointer.split("/") if t]:
        node = node[token.replace("~1", "/").replace("~0", "~")]
    return target, document, node


def operations(document, path):
    """Each operation: (file that holds it, that file's document, the operation); a path item or an
    operation that is a `$ref` to another file (a description in several files) is followed."""
    for _, found in keyed_operations(document, path):
        yield found


def keyed_operations(document, path):
    """Each operation as (key, (file, document, operation)): the key names the object the operation
    is, so operations that are `$ref`s to one object share a key."""
    import os

    def key_of(base, node, otherwise):
        """Where `node` lives: the file and pointer a `$ref` to another file names, else `otherwise`."""
        reference = node.get("$ref") if isinstance(node, dict) else None
        if isinstance(reference, str) and not reference.startswith("#"):
            target, _, pointer = reference.partition("#")
            return (os.path.normpath(os.path.join(os.path.dirname(base), target)), pointer)
        return otherwise

    for name, item in (document.get("paths") or {}).items():
        # Two paths that are `$ref`s to one path item share its operations too.
        item_key = key_of(path, item, (path, name))
        held, holder, item = resolve(path, document, item)
        if not isinstance(item, dict):
            continue
        for method in item:
            if method in METHODS and isinstance(item[method], dict):
                yield key_of(held, item[method], (item_key, method)), resolve(held, holder, item[method])


def first_operation(document, path):
    """The first operation whose object no other operation shares (the first of all if every one
    is shared), or None."""
    keyed = list(keyed_operations(document, path))
    shared = {}
    for key, _ in keyed:
        shared[key] = shared.get(key, 0) + 1
    alone = [found for key, found in keyed if shared[key] == 1]
    return (alone or [found for _, found in keyed] or [None])[0]


ACTIONS = ("count", "format", "normalize", "operation", "documentation", "type")


def fail(message):
    """`error: message` on standard error, exit 64 (a usage error, as run.sh's own)."""
    print(f"error: {message}", file=sys.stderr)
    sys.exit(64)


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ACTIONS:
        fail(f"usage: edit_description.py {'|'.join(ACTIONS)} FILE [NAME]")
    action, path = sys.argv[1], sys.argv[2]
    try:
        document = read(path)
    except (OSError, ValueError, yaml.YAMLError) as error:
        fail(f"{path}: {error}".splitlines()[0])
    if not isinstance(document, dict):
        fail(f"{path}: not a description (its top level is no mapping)")
    if action == "count":
        print(sum(1 for _ in operations(document, path)))
        return
    if action == "format":
        if str(document.get("swagger", "")).startswith("2"):
            print("swagger-2.0")
        elif str(document.get("openapi", "")).startswith(("3.0", "3.1")):
            print("openapi-" + str(document["openapi"])[:3])
        else:
            fail(f"{path} is neither OpenAPI 3.0 or 3.1 nor Swagger 2.0")
        return
    if action == "type":
        schemas = (document.get("components") or {}).get("schemas") or document.get("definitions") or {}
        if len(sys.argv) > 3:
            target = schemas.get(sys.argv[3])
            if not (isinstance(target, dict) and isinstance(target.get("properties"), dict)):
                fail(f"{path}: no object schema named {sys.argv[3]} among its components")
        else:
            target = next((s for s in schemas.values() if isinstance(s, dict) and isinstance(s.get("properties"), dict)), None)
            if target is None:
                fail(f"{path}: no component schema with properties to edit")
        # A name the schema has no property of yet, as for an operation's parameter below.
        name = next(n for n in ("ronBenchEdit%s" % (i or "") for i in range(1000)) if n not in target["properties"])
        target["properties"][name] = {"type": "string"}
    elif action != "normalize":
        first = first_operation(document, path)
        if first is None:
            fail(f"{path}: no operation to edit")
        path, document, operation = first
        if action == "operation":
            # A name no parameter of the operation has yet: an edit that changes nothing times nothing.
            taken = {p.get("name") for p in operation.get("parameters", []) if isinstance(p, dict)}
            name = next(n for n in ("ronBenchEdit%s" % (i or "") for i in range(1000)) if n not in taken)
            parameter = {"name": name, "in": "query", "required": False}
            if "swagger" in read(sys.argv[2]):
                parameter["type"] = "string"
            else:
                parameter["schema"] = {"type": "string"}
            operation.setdefault("parameters", []).append(parameter)
        else:
            operation["description"] = (operation.get("description") or "") + " Edited for a benchmark."
    write(path, document)


main()
