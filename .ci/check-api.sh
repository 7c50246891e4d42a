#!/usr/bin/env bash
# The library products' public API against the last release (the commit in .ci/api-baseline):
# every break that `swift package diagnose-api-breaking-changes` finds must be recorded in the
# "Unreleased" section of CHANGELOG.md, by the name of the type it touches (in backticks).
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=$(tr -d '[:space:]' < .ci/api-baseline)
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "error: the API baseline $baseline (.ci/api-baseline) is not in this clone's history"
    exit 2
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift package diagnose-api-breaking-changes "$baseline" --products RonAppSdkSwift RonGenerated > "$log" 2>&1
status=$?
set -e
if [ $status -ne 0 ] && ! grep -q "API breakage:" "$log"; then
    tail -30 "$log"
    echo "error: the API comparison itself failed"
    exit 1
fi
python3 - "$log" CHANGELOG.md <<'PY'
import re, sys
log, changelog = open(sys.argv[1]).read(), open(sys.argv[2]).read()
match = re.search(r"^## \[Unreleased\]\n(.*?)(?=^## \[)", changelog, flags=re.S | re.M)
unreleased = match.group(1) if match else ""
breaks = re.findall(r"API breakage: (.*)", log)
missing = []
for line in breaks:
    symbol = re.match(r"(?:\w+ )+?([A-Za-z_][\w]*)[.(\s]", line + " ")
    name = symbol.group(1) if symbol else line
    if not re.search(r"`" + re.escape(name) + r"[`.(/]", unreleased):
        missing.append((name, line))
print(f"{len(breaks)} API change(s) against the last release, {len(breaks) - len(missing)} recorded in CHANGELOG.md")
for name, line in missing:
    print(f"error: not in CHANGELOG.md's Unreleased section (`{name}`): {line}")
sys.exit(1 if missing else 0)
PY
