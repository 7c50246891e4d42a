#!/usr/bin/env bash
# What the generator reads of each published description's security, against what the description
# declares: collect.sh's descriptions, each copied into a scratch schema folder as generate.sh does
# (a single file alone, a multi-file one with its whole folder), through `ron-codegen calls` (its
# `scheme` and `credentials` lines) under `timeout 300`, and through `ron-codegen --with-operations`
# for the warnings (`calls` prints none). python3 (with PyYAML) counts the same things in the
# documents themselves: the schemes of `components/securitySchemes` or Swagger 2.0's
# `securityDefinitions` (`x-` keys aside; a `$ref`, to this file or another, followed) and their
# kinds, and the operations that declare security (their own `security`, or the document's
# default; an empty list counts). Builds nothing.
#
#   Benchmarks/Published/security.sh [--only a,b] <out-folder> [ron-codegen]
#
# Prints one line per description, why where the document and the generator differ (the
# generator's security warnings, each once with how often it was printed), the totals by scheme
# kind and a summary; writes the rows to <out-folder>/security.tsv.
set -euo pipefail
only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --only) only=",$2,"; shift ;;
        *) break ;;
    esac
    shift
done
[ $# -ge 1 ] || { echo "usage: $0 [--only a,b] <out-folder> [ron-codegen]" >&2; exit 2; }
out=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
codegen=$(realpath "${2:-$here/../../.build/debug/ron-codegen}")
[ -x "$codegen" ] || { echo "no ron-codegen at $codegen" >&2; exit 2; }
python3 -c 'import yaml' 2>/dev/null || { echo "python3 needs PyYAML (pip install pyyaml)" >&2; exit 2; }
results="$out/security.tsv"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# row <vendor> <format> <result> <document> <calls> <log> <tsv>: counts in the document and in
# ron-codegen's listing and warnings, appends the row, prints the line. summary <tsv>: the totals.
cat > "$work/security.py" <<'PY'
import collections, json, os, re, sys, urllib.parse
import yaml

METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]
SWAGGER_FLOWS = {"implicit": "implicit", "password": "password", "application": "clientCredentials",
                 "accessCode": "authorizationCode"}
cache = {}

def load(path):
    if path not in cache:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if path.endswith(".json"):
            cache[path] = json.loads(text)
        else:
            cache[path] = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    return cache[path]

def escape(token):
    return token.replace("~", "~0").replace("/", "~1")

def follow(node, file, depth=0):
    """`node` with its `$ref` followed (to this file or another), and the file it is in."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and depth < 20:
        ref = node["$ref"]
        target, _, fragment = ref.partition("#")
        if target:
            file = os.path.normpath(os.path.join(os.path.dirname(file), urllib.parse.unquote(target)))
            if not os.path.isfile(file):
                return None, file
        node = load(file)
        for token in [t for t in urllib.parse.unquote(fragment).split("/") if t != ""]:
            token = token.replace("~1", "/").replace("~0", "~")
            if isinstance(node, dict) and token in node:
                node = node[token]
            elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
                node = node[int(token)]
            else:
                return None, file
        depth += 1
    return node, file

def kind(scheme, swagger):
    """apiKey-header, http-basic, oauth2(flows), …, or unreadable(…)."""
    if not isinstance(scheme, dict):
        return "unreadable(not an object)"
    t = scheme.get("type")
    if t == "apiKey":
        return "apiKey-" + str(scheme.get("in"))
    if swagger and t == "basic":
        return "http-basic"
    if t == "http":
        s = str(scheme.get("scheme", "")).strip().lower()
        return "http-basic" if s == "basic" else "http-bearer" if s == "bearer" else "http-other"
    if t == "oauth2":
        if swagger:
            flows = [SWAGGER_FLOWS.get(scheme.get("flow"), str(scheme.get("flow")))]
        else:
            flows = [k for k in (scheme.get("flows") or {}) if not str(k).startswith("x-")]
        return "oauth2(" + ",".join(sorted(flows)) + ")"
    if t in ("openIdConnect", "mutualTLS"):
        return t
    return "unreadable(type %s)" % t

def read_kind(summary):
    """The kind of a `scheme` line's description of it."""
    m = re.match(r"an API key in the (\w+) ", summary)
    if m: return "apiKey-" + m.group(1)
    if summary.startswith("HTTP basic"): return "http-basic"
    if summary == "a bearer token": return "http-bearer"
    if summary.startswith("HTTP '"): return "http-other"
    m = re.match(r"OAuth 2\.0 \((.*)\)$", summary)
    if m: return "oauth2(" + ",".join(sorted(f for f in m.group(1).split(", ") if f)) + ")"
    if summary == "OpenID Connect": return "openIdConnect"
    if summary == "a TLS client certificate": return "mutualTLS"
    return "?" + summary

def requirement(security):
    """A security list as alternatives, each a sorted tuple of (scheme, scopes)."""
    if not isinstance(security, list):
        return None
    return sorted(tuple(sorted((str(k), tuple(str(s) for s in (v or []))) for k, v in item.items()))
                  if isinstance(item, dict) else (("?", ()),) for item in security)

def credentials(text):
    """A `credentials` line's alternatives, in requirement()'s form."""
    if text.startswith("none (`security: []`)"):
        return []
    alternatives = []
    for alternative in text.split(", or "):
        uses = re.findall(r"`([^`]*)`(?: \(([^)]*)\))?", alternative)
        alternatives.append(tuple(sorted((name, tuple(s for s in scopes.split(", ") if s)) for name, scopes in uses)))
    return sorted(alternatives)

def row(vendor, fmt, result, document, calls, log, tsv):
    root = load(document)
    swagger = "swagger" in root
    # The document's schemes and their kinds.
    node, at = follow(root.get("securityDefinitions") if swagger else (root.get("components") or {}).get("securitySchemes"), document)
    declared = {}
    for name, value in (node or {}).items():
        if str(name).startswith("x-"):
            continue
        scheme, _ = follow(value, at)
        declared[str(name)] = kind(scheme, swagger)
    # The document's operations and those that declare security, by `#/paths/…/<method>`.
    operations, secured = set(), {}
    paths, at = follow(root.get("paths"), document)
    for template, item in (paths or {}).items():
        if str(template).startswith("x-"):
            continue
        item, item_at = follow(item, at)
        for method in METHODS:
            if not isinstance(item, dict) or method not in item:
                continue
            operation, _ = follow(item[method], item_at)
            pointer = "#/paths/%s/%s" % (escape(str(template)), method)
            operations.add(pointer)
            if isinstance(operation, dict) and "security" in operation:
                secured[pointer] = requirement(operation["security"])
            elif "security" in root:
                secured[pointer] = requirement(root["security"])
    # ron-codegen's listing: the operations (one origin each), their credentials, the schemes.
    generated, credited, read = [], {}, {}
    last = None
    for line in open(calls, encoding="utf-8"):
        parts = line.rstrip("\n").split("  ")
        if parts[0] == "call":
            last = "#" + parts[-1].split("#", 1)[1]
            if last not in generated: generated.append(last)
        elif parts[0] == "credentials" and last:
            credited[last] = credentials(parts[2])
        elif parts[0] == "scheme":
            pointer = parts[-1].split("#", 1)[1]
            name = pointer.rsplit("/", 1)[1].replace("~1", "/").replace("~0", "~")
            read[name] = read_kind(parts[2])
    # Its security warnings, each once with how often.
    warnings = collections.Counter()
    for line in open(log, encoding="utf-8", errors="replace"):
        m = re.match(r"warning: (?:[^:]*/schema/)?([^:]*): (?:at (\S+): )?(.*)$", line.rstrip("\n"))
        if m and (re.search(r"/security(Schemes|Definitions)?(/|$)", m.group(2) or "") or "security" in m.group(3)):
            warnings["%s#%s: %s" % (m.group(1), m.group(2) or "", m.group(3))] += 1
    differences = []
    for name, k in declared.items():
        if name not in read:
            differences.append("scheme '%s' (%s) not read" % (name, k))
        elif read[name] != k:
            differences.append("scheme '%s': declared %s, read %s" % (name, k, read[name]))
    for name in read:
        if name not in declared:
            differences.append("scheme '%s' read, not declared" % name)
    kept = set(generated)
    lost = [p for p in secured if p in kept and p not in credited]
    if lost:
        differences.append("%d operation(s) declare security, no credentials line (%s …)" % (len(lost), lost[0]))
    extra = [p for p in credited if p not in secured]
    if extra:
        differences.append("%d credentials line(s) without declared security (%s …)" % (len(extra), extra[0]))
    changed = [p for p in secured if p in credited and secured[p] != credited[p]]
    if changed:
        p = changed[0]
        differences.append("%d operation(s) with other requirements (%s: declared %s, read %s)"
                           % (len(changed), p, secured[p], credited[p]))
    left = [p for p in secured if p not in kept]
    if left:
        differences.append("%d operation(s) that declare security not generated" % len(left))
    kinds = collections.Counter(declared.values())
    kinds_text = ", ".join("%s %d" % (k, n) if n > 1 else k for k, n in sorted(kinds.items())) or "-"
    fields = [vendor, fmt, result, len(declared), len(read), kinds_text, len(operations), len(generated),
              len(secured), len(credited), sum(warnings.values()), "; ".join(differences) or "-"]
    with open(tsv, "a", encoding="utf-8") as f:
        f.write("\t".join(str(x).replace("\t", " ") for x in fields) + "\n")
    print("%-10s %s (%s): %d scheme(s) declared, %d read (%s); %d of %d operations with a credentials line, %d declare security; %d security warning(s)"
          % (result, vendor, fmt, len(declared), len(read), kinds_text, len(credited), len(generated),
             len(secured), sum(warnings.values())))
    for difference in differences:
        print("           differs: " + difference)
    if differences:
        for warning, n in warnings.items():
            print("           why: %s%s" % (warning, " (×%d)" % n if n > 1 else ""))

def summary(tsv):
    rows = list(csvrows(tsv))
    kinds = collections.Counter()
    for r in rows:
        for part in r["kinds"].split(", "):
            if part == "-": continue
            m = re.match(r"(.*) (\d+)$", part)
            kinds[m.group(1) if m else part] += int(m.group(2)) if m else 1
    print("kinds: " + ", ".join("%s %d" % (k, n) for k, n in sorted(kinds.items(), key=lambda x: (-x[1], x[0]))))
    total = lambda key: sum(int(r[key]) for r in rows)
    print("security: %d descriptions, %d schemes declared, %d read, %d operations with security declared, "
          "%d with a credentials line, %d warnings"
          % (len(rows), total("schemes_declared"), total("schemes_read"), total("operations_security_declared"),
             total("operations_with_credentials"), total("security_warnings")))

def csvrows(tsv):
    lines = open(tsv, encoding="utf-8").read().splitlines()
    header = lines[0].split("\t")
    for line in lines[1:]:
        yield dict(zip(header, line.split("\t")))

if sys.argv[1] == "row":
    row(*sys.argv[2:])
else:
    summary(sys.argv[2])
PY

printf 'vendor\tformat\tresult\tschemes_declared\tschemes_read\tkinds\tdocument_operations\toperations\toperations_security_declared\toperations_with_credentials\tsecurity_warnings\tdifferences\n' > "$results"
while IFS=$'\t' read -r vendor repository commit path root format bytes; do
    [ "$vendor" = vendor ] && continue                      # the header
    [ -z "$only" ] || [[ "$only" == *",$vendor,"* ]] || continue
    rm -rf "$work/schema" "$work/out"; mkdir -p "$work/schema"
    if [ ! -d "$out/$vendor" ] || { [ "$root" != - ] && [ ! -f "$out/$vendor/$root" ]; }; then
        echo "missing    $vendor: not in $out (run collect.sh)"; continue
    fi
    cp -R "$out/$vendor/." "$work/schema/"                 # one file, or the whole folder
    if [ "$root" = - ]; then document=$(find "$work/schema" -type f | head -1); else document="$work/schema/$root"; fi
    status=0
    timeout 300 "$codegen" calls --schema "$work/schema" > "$work/calls" 2> "$work/calls-log" || status=$?
    timeout 300 "$codegen" --schema "$work/schema" --output "$work/out" --with-operations \
        > /dev/null 2> "$work/log" || true
    result=listed
    if [ "$status" -ne 0 ]; then
        [ "$status" -eq 124 ] && result=timeout || result=refused
    fi
    python3 "$work/security.py" row "$vendor" "$format" "$result" "$document" "$work/calls" "$work/log" "$results" \
        || echo "uncounted  $vendor: python3 could not read $(basename "$document")"
done < "$here/descriptions.tsv"

python3 "$work/security.py" summary "$results"
echo "($results)"
