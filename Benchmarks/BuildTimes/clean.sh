# Sourced by run.sh, rounds.sh and the other scripts of this folder.
#
# clean_target DIR TARGET PACKAGE-ID: removes what the target's build made (objects, dependency
# records, module, the plugin's generated sources), nothing else; what SwiftPM writes when it plans
# (the derived sources, the output file map, the list of sources) stays, as a build that is not
# planned again does not write it again. The generated sources gone, SwiftPM plans the build again:
# a clean build pays for that planning, with either generator.
clean_target() {
    clean_objects "$1" "$2"
    rm -rf "$1/.build/plugins/outputs/$3/$2"
}

# clean_objects DIR TARGET: the target's objects, dependency records and module alone; the plugin's
# generated sources stay, so neither generator runs again (SwiftPM may still plan the build again:
# BENCHMARKS.md, "builds timed in turn").
clean_objects() {
    local debug
    debug=$(cd "$1" && swift build --show-bin-path)
    find "$debug/$2.build" -mindepth 1 -maxdepth 1 ! -name DerivedSources ! -name output-file-map.json \
        ! -name sources -exec rm -rf {} +
    rm -rf "$debug/Modules/$2".*
}

# schema_folder DIR: the Schema/ folder of a package of run.sh, in whichever target holds it (the
# types' target of a split, the API target of one module); prints nothing and fails when none does.
schema_folder() {
    local folder
    for folder in "$1"/Sources/*/Schema; do
        [ -d "$folder" ] && { echo "$folder"; return 0; }
    done
    return 1
}

# root_document FOLDER: the root document of a description's folder: its first file at the top,
# else (a description in folders, as algolia's) the first file below that says `openapi` or
# `swagger` at its top level.
root_document() {
    local file
    file=$(find "$1" -maxdepth 1 -type f | sort | head -1)
    [ -n "$file" ] || file=$(grep -rlE '^(openapi|swagger):|^[{]?[[:space:]]*"(openapi|swagger)"[[:space:]]*:' "$1" | sort | head -1)
    [ -n "$file" ] || { echo "no description in $1" >&2; return 1; }
    echo "$file"
}
