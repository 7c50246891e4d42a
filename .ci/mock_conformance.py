#!/usr/bin/env python3
"""The logic of .ci/check-mock-conformance.sh (Python 3.11 with pyyaml; schemathesis runs apart).

Subcommands:
  prepare DESCRIPTION WORK   reads a description and writes, in WORK: `credentials` (one
                             NAME=VALUE a line for the mock's --credentials-file, a value for every
                             security scheme), `schemathesis.toml` (the same values for
                             schemathesis, scheme by scheme), `headers` (extra -H arguments, one a
                             line) and `info.json` (format, operation count, whether it has links)
  base ROUTES INFO           prints the path the mock serves the description's paths below, read
                             from the routes the mock listed on standard error
  summarize NDJSON INFO NAME SECONDS
                             reads schemathesis's NDJSON report, prints the summary line of the
                             description and every failure not excused (below) with the request
                             that found it, writes NAME.json beside NDJSON; exit status 1 when a
                             failure is left

Excused (each is counted and shown in the summary line, never silently dropped):
  empty-body-content-type    content_type_conformance on an answer without a body (204, or no
                             `schema` in a Swagger 2.0 response): schemathesis 4 takes a Swagger
                             2.0 operation's `produces` as the media types of every answer, also
                             of one the description says has no body, and HTTP gives a body that
                             is not there no media type
  refusal-undocumented       status_code_conformance on a 4xx refusing a request schemathesis made
                             invalid on purpose, of an operation documenting no status for a
                             malformed request: neither 400 nor 422, nor 4XX, nor default (Jupyter
                             Server's DELETE /api/sessions/{session} documents 204 and 410 only).
                             negative_data_rejection demands a refusal there, and the mock gives
                             HTTP's 400 rather than pass a validation error off as a 404 or a 410
                             the operation documents for something else; the description is
                             incomplete. Where the operation documents 400 or 422 (or 4XX, or
                             default) the mock refuses with it, and a refusal in another status
                             fails
  missing-item-undocumented  status_code_conformance on the 404 (or 409) the mock's state gives
                             (X-Ron-Mock-Source: state ...) for an item it does not hold (or an id
                             it holds already), of an operation documenting neither it nor 4XX nor
                             default (Jupyter Server's GET /api/sessions/{session} documents 200
                             only): the real server answers 404 there, and a made-up item for one
                             that was deleted would be a wrong answer the app under test believes
  credentials-undocumented   status_code_conformance on the 401 (or 403) answering a request
                             schemathesis sent without the credential its security scheme requires
                             (or with another), on purpose, of an operation documenting neither
                             401 nor 403 (nor 4XX, nor default): HTTP's answer to a missing
                             credential is 401 with WWW-Authenticate, which negative_data_rejection
                             takes; the description does not document it
"""

from __future__ import annotations

import base64
import json
import pathlib
import sys

import yaml

METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
KEY = "ron-mock-key"
TOKEN = "ron-mock-token"
USER, PASSWORD = "ron", "mock-secret"


def load(path: str) -> dict:
    text = pathlib.Path(path).read_text(encoding="utf-8")
    return json.loads(text) if text.lstrip().startswith("{") else yaml.safe_load(text)


def operations(document: dict) -> list[tuple[str, str, dict]]:
    found = []
    for path, item in (document.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        for method in METHODS:
            if isinstance(item.get(method), dict):
                found.append((path, method, item[method]))
    return found


def prepare(description: str, work: str) -> None:
    document = load(description)
    folder = pathlib.Path(work)
    swagger = "swagger" in document
    kind = "swagger-2.0" if swagger else "openapi-" + ".".join(str(document.get("openapi", "3")).split(".")[:2])
    schemes = document.get("securityDefinitions") if swagger else (document.get("components") or {}).get("securitySchemes")
    credentials, auth, headers = [], [], []
    for name, scheme in (schemes or {}).items():
        if not isinstance(scheme, dict):
            continue
        kind_of = scheme.get("type")
        http = (scheme.get("scheme") or "").lower()
        quoted = json.dumps(name)
        if kind_of == "apiKey":
            credentials.append(f"{name}={KEY}")
            auth.append(f"[auth.openapi.{quoted}]\napi_key = {json.dumps(KEY)}\n")
        elif kind_of == "basic" or (kind_of == "http" and http == "basic"):
            credentials.append(f"{name}={USER}:{PASSWORD}")
            auth.append(f"[auth.openapi.{quoted}]\nusername = {json.dumps(USER)}\npassword = {json.dumps(PASSWORD)}\n")
        elif kind_of == "http" and http == "bearer":
            credentials.append(f"{name}={TOKEN}")
            auth.append(f"[auth.openapi.{quoted}]\nbearer = {json.dumps(TOKEN)}\n")
        elif kind_of in ("oauth2", "openIdConnect") or kind_of == "http":
            # schemathesis sends no credential of these schemes by itself: one Authorization
            # header on every request, taken by the mock for every such scheme.
            credentials.append(f"{name}={TOKEN}")
            word = "Bearer" if kind_of != "http" else http.capitalize()
            if not any(h.startswith("Authorization:") for h in headers):
                headers.append(f"Authorization: {word} {TOKEN}")
    (folder / "credentials").write_text("".join(line + "\n" for line in credentials))
    (folder / "schemathesis.toml").write_text("\n".join(auth))
    (folder / "headers").write_text("".join(line + "\n" for line in headers))
    found = operations(document)
    links = any(
        isinstance(answer, dict) and answer.get("links")
        for _, _, operation in found
        for answer in (operation.get("responses") or {}).values()
    )
    paths = {f"{method.upper()} {path}": path for path, method, _ in found}
    info = {"format": kind, "operations": len(found), "links": links, "paths": paths, "swagger": swagger}
    (folder / "info.json").write_text(json.dumps(info))


def base(routes: str, info_path: str) -> None:
    info = json.loads(pathlib.Path(info_path).read_text())
    votes: dict[str, int] = {}
    for line in pathlib.Path(routes).read_text(errors="replace").splitlines():
        parts = line.split()
        if len(parts) < 2 or not line.startswith("  ") or parts[0].lower() not in METHODS:
            continue
        for label, path in info["paths"].items():
            if label.split(" ")[0] == parts[0] and parts[1].endswith(path):
                prefix = parts[1][: len(parts[1]) - len(path)]
                votes[prefix] = votes.get(prefix, 0) + 1
    print(max(votes, key=votes.get) if votes else "")


def documents(document: dict, path: str, method: str, statuses: set[str]) -> bool:
    codes = [str(code) for code in ((document.get("paths") or {}).get(path, {}).get(method, {}).get("responses") or {})]
    return any(code.upper() in statuses for code in codes)


def excuse(check: dict, case: dict, interaction: dict, info: dict, document: dict) -> str | None:
    name = check["name"]
    response = interaction.get("response") or {}
    status = response.get("status_code", 0)
    body = (response.get("content") or {}).get("$base64", "")
    if name == "content_type_conformance" and not body and (status == 204 or info["swagger"]):
        return "empty-body-content-type"
    if name == "status_code_conformance" and status in (404, 409):
        headers = {k.lower(): v for k, v in (response.get("headers") or {}).items()}
        source = headers.get("x-ron-mock-source") or [""]
        source = source[0] if isinstance(source, list) else source
        path, method = case.get("path", ""), case.get("method", "").lower()
        if source.startswith("state") and not documents(document, path, method, {str(status), "4XX", "DEFAULT"}):
            return "missing-item-undocumented"
    if name == "status_code_conformance" and 400 <= status < 500:
        meta = case.get("meta") or {}
        if (meta.get("generation") or {}).get("mode") == "negative":
            path, method = case.get("path", ""), case.get("method", "").lower()
            if status in (401, 403):
                if not documents(document, path, method, {"401", "403", "4XX", "DEFAULT"}):
                    return "credentials-undocumented"
            elif not documents(document, path, method, {"400", "422", "4XX", "DEFAULT"}):
                return "refusal-undocumented"
    return None


def summarize(ndjson: str, info_path: str, name: str, seconds: str) -> int:
    info = json.loads(pathlib.Path(info_path).read_text())
    document = load(info["description"])
    requests = 0
    failed: dict[str, set] = {}
    excused: dict[str, int] = {}
    shown: list[str] = []
    phases = {}
    for line in pathlib.Path(ndjson).read_text().splitlines():
        event = json.loads(line)
        if "PhaseFinished" in event:
            phase = event["PhaseFinished"]
            phases[phase["phase"]["name"]] = phase["status"]
        if "ScenarioFinished" not in event:
            continue
        recorder = event["ScenarioFinished"]["recorder"]
        requests += len(recorder.get("interactions", {}))
        for case_id, checks in recorder.get("checks", {}).items():
            case = recorder["cases"][case_id]["value"]
            interaction = recorder.get("interactions", {}).get(case_id, {})
            for check in checks:
                if check["status"] == "success":
                    continue
                reason = excuse(check, case, interaction, info, document)
                if reason:
                    excused[reason] = excused.get(reason, 0) + 1
                    continue
                failure = (check.get("failure_info") or {}).get("failure") or {}
                failed.setdefault(check["name"], set()).add((recorder["label"], case_id))
                if len(shown) < 40:
                    request = interaction.get("request") or {}
                    response = interaction.get("response") or {}
                    body = base64.b64decode((response.get("content") or {}).get("$base64", "") or b"")
                    sent = base64.b64decode((request.get("body") or {}).get("$base64", "") or b"")
                    shown.append(
                        f"   {recorder['label']}: {check['name']} ({failure.get('code', '')} {failure.get('title', '')})\n"
                        f"      {failure.get('message', '').strip().replace(chr(10), '; ')[:400]}\n"
                        f"      {request.get('method')} {request.get('uri')} {sent[:300]!r}\n"
                        f"      -> {response.get('status_code')} {body[:300]!r}"
                    )
    by_check = ", ".join(f"{check} {len(cases)}" for check, cases in sorted(failed.items())) or "none"
    operations = {label for cases in failed.values() for label, _ in cases}
    ran = phases.get("stateful", "skip") != "skip"
    stateful_failures = sum(1 for cases in failed.values() for label, _ in cases if label == "Stateful tests")
    stateful = (f"{stateful_failures} failures" if stateful_failures else "passed") if ran else "not run"
    line = (
        f"{name}: {info['format']}, {info['operations']} operations, {requests} requests, "
        f"failures: {by_check} ({len(operations)} operations); "
        f"excused: {', '.join(f'{k} {v}' for k, v in sorted(excused.items())) or 'none'}; "
        f"stateful: {stateful}; {seconds} s"
    )
    print(line)
    for entry in shown:
        print(entry)
    figures = {
        "name": name, "format": info["format"], "operations": info["operations"], "requests": requests,
        "failures": {check: len(cases) for check, cases in failed.items()},
        "failed_operations": len(operations), "excused": excused, "stateful": stateful, "seconds": float(seconds),
    }
    pathlib.Path(ndjson).with_name(name + ".json").write_text(json.dumps(figures))
    return 1 if failed else 0


def main() -> int:
    command, arguments = sys.argv[1], sys.argv[2:]
    if command == "prepare":
        prepare(*arguments)
        info_path = pathlib.Path(arguments[1]) / "info.json"
        info = json.loads(info_path.read_text())
        info["description"] = str(pathlib.Path(arguments[0]).resolve())
        info_path.write_text(json.dumps(info))
        return 0
    if command == "base":
        base(*arguments)
        return 0
    if command == "summarize":
        return summarize(*arguments)
    print(f"unknown subcommand {command}", file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main())
