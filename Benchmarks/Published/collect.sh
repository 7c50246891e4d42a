#!/usr/bin/env bash
# Takes the published API descriptions that descriptions.tsv names out of a folder of git
# snapshots, one per repository, named owner+name (each holding a bare git directory somewhere
# inside, e.g. owner+name/repo/), at the commit each row pins. No network.
#
#   Benchmarks/Published/collect.sh <mirror-root> <out-folder>
#
# A single-file row is written to <out-folder>/<vendor>/<basename>; a name that does not end in
# .json, .yaml or .yml (Gitea's v1_json.tmpl, Kubernetes' swagger.json.unprocessed) gets the
# extension its content calls for, since ron-codegen reads only those. A multi-file row (root is not
# "-") is either one folder ("specification/"), whose content lands in <out-folder>/<vendor>/, or
# several entries separated by commas ("reference/,models/"), kept at their paths from the
# repository's top. Either way its root column names the root document relative to
# <out-folder>/<vendor>/. Prints one line per row; exits 1 if nothing was extracted.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 <mirror-root> <out-folder>" >&2; exit 2; }
mirrors=$1
out=$2
table="$(cd "$(dirname "$0")" && pwd)/descriptions.tsv"
mkdir -p "$out"
extracted=0; missing=0

# The git directory of owner/name: the folder holding the shallowest HEAD file under
# <mirror-root>/owner+name (repo/HEAD for a bare one, repo/.git/HEAD otherwise).
git_dir() {
    local head
    head=$(find "$mirrors/${1/\//+}" -maxdepth 3 -name HEAD -type f 2>/dev/null \
        | awk '{ print length($0) "\t" $0 }' | sort -n | head -1 | cut -f2-)
    [ -n "$head" ] && dirname "$head"
}

while IFS=$'\t' read -r vendor repository commit path root format bytes; do
    [ "$vendor" = vendor ] && continue                      # the header
    dest="$out/$vendor"
    if ! git=$(git_dir "$repository") || ! git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null; then
        echo "missing    $vendor: no snapshot of $repository at ${commit:0:12}"
        missing=$((missing + 1)); continue
    fi
    rm -rf "$dest"; mkdir -p "$dest"
    if [ "$root" = - ]; then                                # one file
        name=$(basename "$path")
        if [[ ! "$name" =~ \.(json|ya?ml)$ ]]; then
            first=$(git --git-dir="$git" show "$commit:$path" 2>/dev/null | tr -d ' \t\r\n' | head -c 1 || true)
            [ "$first" = "{" ] && name="$name.json" || name="$name.yaml"
        fi
        if ! git --git-dir="$git" show "$commit:$path" > "$dest/$name" 2>/dev/null || [ ! -s "$dest/$name" ]; then
            echo "missing    $vendor: $path is not in the snapshot (a file of 4 MiB or more?)"
            rm -rf "$dest"; missing=$((missing + 1)); continue
        fi
    else                                                    # a folder, or entries from the top
        IFS=, read -r -a entries <<< "$path"
        strip=0
        [ ${#entries[@]} -eq 1 ] && strip=$(tr -cd / <<< "${path%/}/" | wc -c)
        if ! git --git-dir="$git" archive "$commit" -- "${entries[@]}" 2>/dev/null \
                | tar -x -C "$dest" --strip-components="$strip" || [ ! -s "$dest/$root" ]; then
            echo "missing    $vendor: $path (root $root) could not be taken whole"
            rm -rf "$dest"; missing=$((missing + 1)); continue
        fi
    fi
    extracted=$((extracted + 1))
    echo "extracted  $vendor: $path ($format, $(find "$dest" -type f -exec cat {} + | wc -c) bytes)"
done < "$table"

echo "published descriptions: $extracted extracted, $missing missing, into $out"
[ "$extracted" -gt 0 ]
