"""An independent judge of the answers `ron drift` got: openapi-core checks each answer against
the server's own description, so CI can show that drift agrees with another implementation on
every call.

  python3 Tests/Servers/openapi_judge.py --description FILE_OR_URL --exchanges FILE
      [--description-header 'Name: value'] [--no-headers] [--check-description]
      [--compare DRIFT_JSON] [--output FILE]

--description  The server's OpenAPI 3.0/3.1 or Swagger 2.0 description, JSON or YAML, a file or
               an http(s) URL (fetched once, with each --description-header; Jupyter's needs its
               token). Swagger 2.0 is converted to OpenAPI 3.0 first by `swagger2_to_openapi3`
               below (openapi-core reads only 3.x): definitions become components/schemas,
               x-nullable becomes nullable, each response schema becomes content under the
               operation's `produces` (else the document's, else application/json), parameters
               get a schema (and a style for collectionFormat), body and formData parameters a
               requestBody, securityDefinitions securitySchemes, basePath the server.
--exchanges    JSON Lines, one per call, as drift writes them with --exchanges:
               {"operation", "method", "url", "requestHeaders", "requestBody", "status",
                "responseHeaders", "responseBody" | "responseBodyBase64"}.

For each exchange the operation is found by its operationId (drift's `operation`) with the same
method, else by method and path template (after the server's base path; the most literal
template first; a parameter holds a '/' only if no template fits otherwise). Its RESPONSE is then
checked by openapi-core's V30ResponseValidator / V31ResponseValidator: the status must be
documented (or 2XX-style or default), the content type must be one the response declares, the
body must fit the schema (formats included), declared headers must fit theirs (--no-headers
skips them). Security is not checked, nor the request. The servers of the description are
replaced by its base path alone, so an answer is judged whatever host and port it came from.

Output (stdout, or --output), one JSON line per exchange:
  {"operation": "...", "method": "GET", "path": "/template", "status": 200,
   "valid": true|false, "errors": ["body $.data[0].id: None is not of type 'string'", ...]}
Each error names where: `operation` (none fits), `status` (not documented; or not listed and
judged by `default` or `4XX`), `content-type`, `header <Name>`, or `body <JSON path>`.

--check-description  Also print on standard error what openapi-spec-validator finds wrong in the
               (converted) description; it never stops the judging.

--compare DRIFT_JSON  drift's `--format json` report (a JSON array of entries with `operation`
               and `outcome`). Drift `ok` must be judged valid, `drift` and `tolerated` invalid
               (an operation called more than once is valid only if every answer is). `failed`
               and `skipped` entries are not compared; one that is ok, drift or tolerated with no
               exchange is a disagreement. Every disagreement is printed on standard error; the
               exit status is 1 if there is any, else 0. A description that cannot be read,
               or that openapi-core refuses, exits with 2 (argparse's usage errors too).

Needs `python3 -m pip install openapi-core pyyaml` (openapi-core 0.23); without them it prints
`missing:<error>` and exits with status 3.
"""

import argparse
import base64
import contextlib
import copy
import json
import re
import sys
import urllib.request
from urllib.parse import urlsplit

try:
    import yaml
    from jsonschema.exceptions import best_match
    from jsonschema_path import SchemaPath
    from openapi_core.testing import MockRequest, MockResponse
    from openapi_core.validation.response import V30ResponseValidator, V31ResponseValidator
    from openapi_core.validation.response.exceptions import HeaderValidationError
except ImportError as error:
    print("missing:" + str(error), flush=True)
    sys.exit(3)

METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


# --- Loading ----------------------------------------------------------------------------------


def load_description(source, headers):
    """The description as a dict: JSON or YAML, from a file or an http(s) URL."""
    if re.match(r"https?://", source):
        request = urllib.request.Request(source)
        for header in headers:
            name, _, value = header.partition(":")
            request.add_header(name.strip(), value.strip())
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(request, timeout=60) as answer:
            if answer.geturl() != source:  # Jupyter sends a request without its token to /login
                raise ValueError(
                    f"{source} redirected to {answer.geturl()}: does it want a "
                    "--description-header with a credential?"
                )
            text = answer.read().decode("utf-8")
    else:
        with open(source, encoding="utf-8") as file:
            text = file.read()
    try:
        document = json.loads(text)
    except ValueError:
        try:
            document = yaml.safe_load(text)
        except yaml.YAMLError as error:
            raise ValueError(f"{source}: neither JSON nor YAML: {error}") from None
    if not isinstance(document, dict):
        raise ValueError(f"{source}: not an OpenAPI or Swagger document")
    return string_keys(document)


def string_keys(node):
    """YAML reads `200:` as an integer key; OpenAPI keys are strings."""
    if isinstance(node, dict):
        return {str(key): string_keys(value) for key, value in node.items()}
    if isinstance(node, list):
        return [string_keys(value) for value in node]
    return node


# --- Swagger 2.0 to OpenAPI 3.0 ---------------------------------------------------------------

REF_PREFIXES = {
    "#/definitions/": "#/components/schemas/",
    "#/parameters/": "#/components/parameters/",
    "#/responses/": "#/components/responses/",
}
# The members a Swagger 2.0 non-body parameter or header shares with a Schema Object.
PARAMETER_SCHEMA_KEYS = (
    "type", "format", "items", "default", "maximum", "exclusiveMaximum", "minimum",
    "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems", "minItems",
    "uniqueItems", "enum", "multipleOf",
)  # fmt: skip


def convert_schema(node):
    """A Swagger 2.0 Schema Object (or anything inside one) as OpenAPI 3.0 reads it."""
    if isinstance(node, list):
        return [convert_schema(value) for value in node]
    if not isinstance(node, dict):
        return node
    converted = {}
    for key, value in node.items():
        if key == "$ref" and isinstance(value, str):
            converted[key] = convert_ref(value)
        elif key == "x-nullable":
            converted["nullable"] = bool(value)
        elif key == "type" and value == "file":
            converted["type"], converted["format"] = "string", "binary"
        elif key == "discriminator" and isinstance(value, str):
            converted[key] = {"propertyName": value}
        elif key in ("properties", "definitions", "patternProperties") and isinstance(value, dict):
            converted[key] = {name: convert_schema(member) for name, member in value.items()}
        elif key in ("example", "enum", "default", "x-example"):
            converted[key] = value
        else:
            converted[key] = convert_schema(value)
    return converted


def convert_ref(ref):
    for old, new in REF_PREFIXES.items():
        if ref.startswith(old):
            return new + ref[len(old) :]
    return ref


def parameter_schema(parameter):
    """The schema of a non-body parameter or a header: its type members, items converted."""
    schema = {key: parameter[key] for key in PARAMETER_SCHEMA_KEYS if key in parameter}
    if "items" in schema:
        schema["items"] = parameter_schema(schema["items"])
    if parameter.get("x-nullable"):
        schema["nullable"] = True
    return convert_schema(schema)


def convert_parameter(parameter):
    """A non-body Swagger 2.0 parameter as an OpenAPI 3.0 Parameter Object."""
    if "$ref" in parameter:
        return {"$ref": convert_ref(parameter["$ref"])}
    converted = {
        key: parameter[key] for key in ("name", "in", "description", "required") if key in parameter
    }
    converted.update({key: value for key, value in parameter.items() if key.startswith("x-")})
    if parameter.get("in") == "path":
        converted["required"] = True
    if parameter.get("allowEmptyValue"):
        converted["allowEmptyValue"] = True
    converted["schema"] = parameter_schema(parameter)
    if parameter.get("type") == "array":
        collection = parameter.get("collectionFormat", "csv")
        styles = {
            "csv": ("form", False) if parameter["in"] in ("query", "cookie") else ("simple", False),
            "ssv": ("spaceDelimited", False),
            "pipes": ("pipeDelimited", False),
            "multi": ("form", True),
        }
        if collection in styles:
            converted["style"], converted["explode"] = styles[collection]
    return converted


def convert_response(response, produces):
    if "$ref" in response:
        return {"$ref": convert_ref(response["$ref"])}
    converted = {"description": response.get("description", "")}
    converted.update({key: value for key, value in response.items() if key.startswith("x-")})
    if "schema" in response:
        schema = convert_schema(response["schema"])
        converted["content"] = {media_type: {"schema": schema} for media_type in produces}
    if "headers" in response:
        converted["headers"] = {
            name: {
                **({"description": header["description"]} if "description" in header else {}),
                "schema": parameter_schema(header),
            }
            for name, header in response["headers"].items()
        }
    return converted


def request_body(parameters, consumes, document):
    """The requestBody of the body or formData parameters (none if there are none)."""
    resolved = []
    for parameter in parameters:
        if "$ref" in parameter:
            name = parameter["$ref"].rsplit("/", 1)[-1]
            parameter = document.get("parameters", {}).get(name, parameter)
        resolved.append(parameter)
    body = [parameter for parameter in resolved if parameter.get("in") == "body"]
    form = [parameter for parameter in resolved if parameter.get("in") == "formData"]
    if body:
        converted = {
            "content": {
                media_type: {"schema": convert_schema(body[0].get("schema", {}))}
                for media_type in consumes
            }
        }
        if body[0].get("description"):
            converted["description"] = body[0]["description"]
        if body[0].get("required"):
            converted["required"] = True
        return converted
    if form:
        schema = {
            "type": "object",
            "properties": {parameter["name"]: parameter_schema(parameter) for parameter in form},
        }
        required = [parameter["name"] for parameter in form if parameter.get("required")]
        if required:
            schema["required"] = required
        has_file = any(parameter.get("type") == "file" for parameter in form)
        form_types = [
            t for t in consumes if t in ("application/x-www-form-urlencoded", "multipart/form-data")
        ]
        media_types = form_types or (
            ["multipart/form-data"] if has_file else ["application/x-www-form-urlencoded"]
        )
        return {"content": {media_type: {"schema": schema} for media_type in media_types}}
    return None


def is_body_parameter(parameter, document):
    if "$ref" in parameter:
        name = parameter["$ref"].rsplit("/", 1)[-1]
        parameter = document.get("parameters", {}).get(name, {})
    return parameter.get("in") in ("body", "formData")


def convert_security_scheme(scheme):
    kind = scheme.get("type")
    base = {"description": scheme["description"]} if "description" in scheme else {}
    if kind == "basic":
        return {**base, "type": "http", "scheme": "basic"}
    if kind == "apiKey":
        return {
            **base,
            "type": "apiKey",
            "name": scheme.get("name", ""),
            "in": scheme.get("in", "header"),
        }
    if kind == "oauth2":
        flow_names = {
            "implicit": "implicit",
            "password": "password",
            "application": "clientCredentials",
            "accessCode": "authorizationCode",
        }
        flow = {"scopes": scheme.get("scopes", {})}
        if "authorizationUrl" in scheme:
            flow["authorizationUrl"] = scheme["authorizationUrl"]
        if "tokenUrl" in scheme:
            flow["tokenUrl"] = scheme["tokenUrl"]
        return {
            **base,
            "type": "oauth2",
            "flows": {flow_names.get(scheme.get("flow"), "implicit"): flow},
        }
    return {**base, **scheme}


def swagger2_to_openapi3(document):
    """A faithful minimal conversion of what Swagger 2.0 documents (Kinto's, Jupyter's) use."""
    produces_all = document.get("produces") or ["application/json"]
    consumes_all = document.get("consumes") or ["application/json"]
    converted = {
        "openapi": "3.0.3",
        "info": document.get("info", {"title": "", "version": ""}),
        "servers": [{"url": document.get("basePath") or "/"}],
        "paths": {},
        "components": {},
    }
    for key in ("tags", "externalDocs", "security"):
        if key in document:
            converted[key] = copy.deepcopy(document[key])
    converted.update({key: value for key, value in document.items() if key.startswith("x-")})
    components = converted["components"]
    if document.get("definitions"):
        components["schemas"] = {
            name: convert_schema(schema) for name, schema in document["definitions"].items()
        }
    non_body = {
        name: convert_parameter(parameter)
        for name, parameter in document.get("parameters", {}).items()
        if parameter.get("in") not in ("body", "formData")
    }
    if non_body:
        components["parameters"] = non_body
    if document.get("responses"):
        components["responses"] = {
            name: convert_response(response, produces_all)
            for name, response in document["responses"].items()
        }
    if document.get("securityDefinitions"):
        components["securitySchemes"] = {
            name: convert_security_scheme(scheme)
            for name, scheme in document["securityDefinitions"].items()
        }
    for template, item in document.get("paths", {}).items():
        new_item = {
            key: value
            for key, value in item.items()
            if key.startswith("x-") or key in ("summary", "description")
        }
        shared = item.get("parameters", [])
        if shared:
            new_item["parameters"] = [
                convert_parameter(p) for p in shared if not is_body_parameter(p, document)
            ]
        for method in METHODS:
            if method not in item:
                continue
            operation = item[method]
            new = {
                key: copy.deepcopy(value)
                for key, value in operation.items()
                if key not in ("parameters", "responses", "produces", "consumes", "schemes")
            }
            parameters = operation.get("parameters", [])
            plain = [convert_parameter(p) for p in parameters if not is_body_parameter(p, document)]
            if plain:
                new["parameters"] = plain
            body = request_body(
                shared + parameters, operation.get("consumes") or consumes_all, document
            )
            if body:
                new["requestBody"] = body
            produces = operation.get("produces") or produces_all
            new["responses"] = {
                status: convert_response(response, produces)
                for status, response in operation.get("responses", {}).items()
            } or {"default": {"description": ""}}
            new_item[method] = new
        converted["paths"][template] = new_item
    if not components:
        del converted["components"]
    return converted


# --- Finding the operation --------------------------------------------------------------------


def base_path(spec):
    """The path part of the first server (what every template is under), without a final '/'."""
    servers = spec.get("servers") or [{"url": "/"}]
    url = servers[0].get("url", "/")
    for name, variable in (servers[0].get("variables") or {}).items():
        url = url.replace("{" + name + "}", str(variable.get("default", "")))
    return urlsplit(url).path.rstrip("/")


def template_regex(template, slashes):
    parts = re.split(r"(\{[^}]+\})", template)
    piece = "[^?#]+" if slashes else "[^/?#]+"
    return re.compile(
        "^" + "".join(piece if p.startswith("{") else re.escape(p) for p in parts) + "$"
    )


class Operations:
    def __init__(self, spec):
        self.prefix = base_path(spec)
        self.by_id = {}
        self.templates = []
        for template, item in spec.get("paths", {}).items():
            for method in METHODS:
                if method in item and isinstance(item[method], dict):
                    operation_id = item[method].get("operationId")
                    if operation_id:
                        self.by_id[operation_id] = (method, template)
                    literal = len(re.sub(r"\{[^}]+\}", "", template))
                    self.templates.append((method, template, literal))
        # The most literal template first: /flows/name/{name} before /flows/{id}/{x}.
        self.templates.sort(key=lambda entry: (-entry[2], entry[1].count("{")))

    def find(self, operation_id, method, path):
        """The path template of the operation: by operationId when it names one with this
        method, else the first template (most literal first) that the path fits, below the
        base path or not. A parameter may hold a '/' (Jupyter's {path}) only if nothing else
        fits."""
        method = method.lower()
        if operation_id in self.by_id and self.by_id[operation_id][0] == method:
            return self.by_id[operation_id][1]
        relatives = [path]
        if self.prefix and path.startswith(self.prefix):
            relatives.insert(0, path[len(self.prefix) :] or "/")
        for slashes in (False, True):
            for relative in relatives:
                for candidate_method, template, _ in self.templates:
                    fits = template_regex(template, slashes).match(relative)
                    if candidate_method == method and fits:
                        return template
        return None


# --- Judging ----------------------------------------------------------------------------------


def where(error):
    path = getattr(error, "json_path", None)
    if path is None:
        path = "$" + "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in error.absolute_path
        )
    return path


def closest_branch_error(error):
    """For an anyOf/oneOf failure, the error of the branch that came closest: the deepest one,
    leaving out `is not of type 'null'` (the branch of Optional[...] members says nothing)."""
    context = list(getattr(error, "context", None) or [])
    if not context:
        return None
    useful = [
        e for e in context if not (e.validator == "type" and e.validator_value == "null")
    ] or context
    deepest = max(len(e.absolute_path) for e in useful)
    return best_match([e for e in useful if len(e.absolute_path) == deepest])


def schema_messages(prefix, error):
    """One message per schema error: where, then what; for anyOf/oneOf also the closest branch."""
    messages = []
    for schema_error in getattr(error, "schema_errors", None) or [error]:
        text = f"{prefix} {where(schema_error)}: {schema_error.message}"
        closest = closest_branch_error(schema_error)
        if closest is not None:
            text += f" (closest: {where(closest)}: {closest.message})"
        messages.append(text)
    return messages


def describe(error, status, content_type):
    """openapi-core's error as messages that say where the answer breaks the description."""
    from openapi_core.deserializing.media_types.exceptions import MediaTypeDeserializeError
    from openapi_core.templating.media_types.exceptions import MediaTypeNotFound
    from openapi_core.templating.responses.exceptions import ResponseNotFound
    from openapi_core.validation.response.exceptions import MissingData, MissingRequiredHeader
    from openapi_core.validation.schemas.exceptions import InvalidSchemaValue

    if isinstance(error, ResponseNotFound):
        return [
            f"status {status}: not documented (documented: {', '.join(error.availableresponses)})"
        ]
    if isinstance(error, MissingData):
        return ["body $: empty, but the response declares content"]
    if isinstance(error, MissingRequiredHeader):
        return [f"header {error.name}: required, missing"]
    cause = error
    while cause.__cause__ is not None:
        cause = cause.__cause__
    if isinstance(error, HeaderValidationError):
        if isinstance(cause, InvalidSchemaValue):
            return schema_messages(f"header {error.name}", cause)
        return [f"header {error.name}: {cause}"]
    if isinstance(cause, MediaTypeNotFound):
        documented = ", ".join(cause.availableMimetypes)
        return [
            f"content-type {content_type or '(none)'}: not documented (documented: {documented})"
        ]
    if isinstance(cause, MediaTypeDeserializeError):
        return [f"body $: cannot be read as {content_type}: {cause}"]
    if isinstance(cause, InvalidSchemaValue):
        return schema_messages("body", cause)
    return [
        f"{type(error).__name__}: {error}"
        + (f" ({type(cause).__name__}: {cause})" if cause is not error else "")
    ]


def shorten(message, limit=400):
    """A message quotes the value it refuses; a whole notebook is too much for one line."""
    return message if len(message) <= limit else message[: limit - 1] + "…"


class Judge:
    def __init__(self, spec, check_headers=True):
        version = str(spec.get("openapi", ""))
        if not version.startswith("3."):
            raise ValueError(f"not OpenAPI 3.x after conversion: {version!r}")
        spec = dict(spec)
        self.operations = Operations(spec)
        # Judge answers wherever they came from: only the base path of the servers counts.
        spec["servers"] = [{"url": self.operations.prefix or "/"}]
        for item in spec.get("paths", {}).values():
            if isinstance(item, dict):
                item.pop("servers", None)
                for method in METHODS:
                    if isinstance(item.get(method), dict):
                        item[method].pop("servers", None)
        self.spec = spec
        validator_class = (
            V31ResponseValidator if version.startswith("3.1") else V30ResponseValidator
        )
        self.validator = validator_class(SchemaPath.from_dict(spec))
        self.check_headers = check_headers

    def judge(self, exchange):
        url = urlsplit(exchange["url"])
        origin = f"{url.scheme}://{url.netloc}"
        method = exchange["method"].upper()
        status = int(exchange["status"])
        headers = {
            name.lower(): value for name, value in (exchange.get("responseHeaders") or {}).items()
        }
        content_type = headers.get("content-type")
        result = {
            "operation": exchange.get("operation"),
            "method": method,
            "path": None,
            "status": status,
        }
        template = self.operations.find(exchange.get("operation"), method, url.path)
        if template is None:
            return {
                **result,
                "valid": False,
                "errors": [f"operation: none in the description for {method} {url.path}"],
            }
        result["path"] = template
        if exchange.get("responseBodyBase64"):
            body = base64.b64decode(exchange["responseBodyBase64"])
        else:
            body = (exchange.get("responseBody") or "").encode("utf-8")
        request = MockRequest(
            origin, method, url.path, path_pattern=self.operations.prefix + template
        )
        response = MockResponse(
            body, status_code=status, headers=headers, content_type=content_type
        )
        errors = []
        for error in self.validator.iter_errors(request, response):
            if not self.check_headers and isinstance(error, HeaderValidationError):
                continue
            errors.extend(shorten(message) for message in describe(error, status, content_type))
        # Which response judged the answer, when it is not the status itself: say so.
        documented = self.responses(template, method)
        if errors and str(status) not in documented:
            fallback = f"{str(status)[0]}XX" if f"{str(status)[0]}XX" in documented else "default"
            if fallback in documented:
                errors = [
                    f"status {status}: not listed, judged by the `{fallback}` response"
                ] + errors
        return {**result, "valid": not errors, "errors": errors}

    def responses(self, template, method):
        operation = self.spec.get("paths", {}).get(template, {}).get(method.lower(), {})
        return {str(key) for key in operation.get("responses", {})}


def check_description(document):
    """openapi-spec-validator's findings on standard error; they never stop the judging (it
    refuses Kinto's `/snapshot/collections/{collection_id}@{timestamp}`, which openapi-core
    matches fine)."""
    from openapi_spec_validator import OpenAPIV30SpecValidator, OpenAPIV31SpecValidator

    version = str(document.get("openapi", ""))
    validator_class = (
        OpenAPIV31SpecValidator if version.startswith("3.1") else OpenAPIV30SpecValidator
    )
    problems = list(validator_class(SchemaPath.from_dict(document)).iter_errors())
    for problem in problems:
        print(f"openapi_judge: description: {shorten(str(problem))}", file=sys.stderr)
    print(
        f"openapi_judge: description: {len(problems)} problems (openapi-spec-validator)",
        file=sys.stderr,
    )


# --- Comparing with drift ---------------------------------------------------------------------


def compare(results, report):
    """Disagreements between drift's report and the judge's results, as lines to print."""
    by_operation = {}
    for result in results:
        by_operation.setdefault(result["operation"], []).append(result)
    lines = []
    compared = 0
    for entry in report:
        operation, outcome = entry.get("operation"), entry.get("outcome")
        judged = by_operation.get(operation)
        if outcome in ("failed", "skipped"):
            continue
        if outcome not in ("ok", "drift", "tolerated"):
            lines.append(f"{operation}: unknown drift outcome {outcome!r}")
            continue
        if not judged:
            lines.append(f"{operation}: drift says {outcome}, but no exchange was recorded")
            continue
        compared += 1
        valid = all(result["valid"] for result in judged)
        if (outcome == "ok") != valid:
            errors = [error for result in judged for error in result["errors"]]
            drift_says = outcome
            if entry.get("pointer") is not None or entry.get("expected"):
                pointer, expected, got = (entry.get(key) for key in ("pointer", "expected", "got"))
                drift_says += f" at {pointer or ''!r} (expected {expected}, got {got})"
            judge_says = "valid" if valid else "invalid: " + "; ".join(errors)
            lines.append(f"{operation}: drift says {drift_says}; the judge says {judge_says}")
    return lines, compared


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--description", required=True)
    parser.add_argument(
        "--description-header", action="append", default=[], metavar="'Name: value'"
    )
    parser.add_argument("--exchanges", required=True)
    parser.add_argument("--compare", metavar="DRIFT_JSON")
    parser.add_argument("--output", metavar="FILE")
    parser.add_argument("--no-headers", action="store_true", help="do not check response headers")
    parser.add_argument(
        "--check-description",
        action="store_true",
        help="also print what openapi-spec-validator finds wrong in the (converted) description",
    )
    arguments = parser.parse_args()

    try:
        document = load_description(arguments.description, arguments.description_header)
    except (OSError, ValueError) as error:
        print(f"openapi_judge: cannot read the description: {error}", file=sys.stderr)
        return 2
    if str(document.get("swagger", "")).startswith("2."):
        document = swagger2_to_openapi3(document)
    if arguments.check_description:
        check_description(document)
    try:
        judge = Judge(document, check_headers=not arguments.no_headers)
    except Exception as error:  # noqa: BLE001 - openapi-core refusing the description is the report
        refusal = f"{type(error).__name__}: {error}"
        print(f"openapi_judge: openapi-core cannot use the description: {refusal}", file=sys.stderr)
        return 2

    results = []
    with open(arguments.exchanges, encoding="utf-8") as file:
        for number, line in enumerate(file, 1):
            if not line.strip():
                continue
            try:
                exchange = json.loads(line)
                result = judge.judge(exchange)
            except Exception as error:  # noqa: BLE001 - one bad line is one invalid result
                result = {
                    "operation": None,
                    "valid": False,
                    "errors": [f"line {number}: {type(error).__name__}: {error}"],
                }
                with contextlib.suppress(Exception):
                    result["operation"] = json.loads(line).get("operation")
            results.append(result)

    lines = "".join(json.dumps(result) + "\n" for result in results)
    if arguments.output:
        with open(arguments.output, "w", encoding="utf-8") as file:
            file.write(lines)
    else:
        sys.stdout.write(lines)
        sys.stdout.flush()

    if not arguments.compare:
        return 0
    with open(arguments.compare, encoding="utf-8") as file:
        report = json.load(file)
    if isinstance(report, dict):  # tolerate {"operations": [...]} or {"entries": [...]}
        report = report.get("operations") or report.get("entries") or report.get("results") or []
    disagreements, compared = compare(results, report)
    for line in disagreements:
        print("disagreement: " + line, file=sys.stderr)
    reported = {entry.get("operation") for entry in report}
    unreported = sorted(
        {str(result["operation"]) for result in results if result["operation"] not in reported}
    )
    print(
        f"openapi_judge: {compared} operations compared, {len(disagreements)} disagreements"
        + (
            f"; exchanges of operations the report does not list: {', '.join(unreported)}"
            if unreported
            else ""
        ),
        file=sys.stderr,
    )
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
