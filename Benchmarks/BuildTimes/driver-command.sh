# Sourced by driver-jobs.sh and shares.sh: SwiftPM's own `swiftc` command for a target, pointed at
# other generated files.
#
# output_map FOLDER OBJECTS: writes FOLDER/map.json, the driver's output file map for the sources
# listed in FOLDER/sources, each one's outputs in OBJECTS.
output_map() {
    python3 - "$1" "$2" <<'MAP'
import json, os, sys
folder, objects = sys.argv[1], sys.argv[2]
outputs = {"": {"swift-dependencies": objects + "/primary.swiftdeps"}}
for source in open(folder + "/sources").read().split():
    stem = objects + "/" + os.path.basename(source)
    outputs[source] = {"dependencies": stem + ".d", "object": stem + ".o", "swiftmodule": stem + "~partial.swiftmodule",
                       "swift-dependencies": stem + ".swiftdeps", "diagnostics": stem + ".dia"}
json.dump(outputs, open(folder + "/map.json", "w"))
MAP
}

# swiftc_command LOG PART FOLDER MODULES: prints SwiftPM's command for target PART, from its verbose
# build log LOG, reading FOLDER/sources and FOLDER/map.json, writing its module into MODULES (which
# it also searches first, for a module this script made) and its header into FOLDER.
swiftc_command() {
    grep -E "^[^ ]*swiftc -module-name $2 " "$1" | head -1 | sed \
        -e "s|-emit-module-path [^ ]*|-emit-module-path $4/$2.swiftmodule|" \
        -e "s|-output-file-map [^ ]*|-output-file-map $3/map.json|" \
        -e "s|@[^ ]*/sources|@$3/sources|" \
        -e "s|-emit-objc-header-path [^ ]*|-emit-objc-header-path $3/header.h|" \
        -e "s|-I /|-I $4 -I /|"
}

# package_tool PACKAGE: sets `debug` (the package's debug folder), `tool` (the generator its build
# plugin runs) and `id` (its name as SwiftPM's plugin outputs name it); exits when it is not built.
package_tool() {
    debug=$(cd "$1" && swift build --show-bin-path) || exit 1
    tool=$debug/ron-codegen-tool
    [ -x "$tool" ] || { echo "$1 is not built: build it with run.sh" >&2; exit 64; }
    id=$(basename "$1" | tr 'A-Z' 'a-z')
}
