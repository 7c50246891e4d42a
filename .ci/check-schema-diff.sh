#!/usr/bin/env bash
# The schema of the working tree against the last commit (or the revision given as $1), with
# `ron-codegen diff` (README: Bump the schema). Fails when a change breaks old or new clients on
# the wire or an old fixture no longer decodes; when the documents carry x-ron-version, fails
# instead when a changed document's version did not get the bump its changes need.
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-HEAD}"
swift build --product ron-codegen 2>&1 | tail -1
tool="$(swift build --show-bin-path)/ron-codegen"
if grep -qsE '"x-ron-version"|^x-ron-version' Schema/*; then
    "$tool" diff --old "$base" --new Schema --check-version
else
    "$tool" diff --old "$base" --new Schema --fail-on wire
fi
