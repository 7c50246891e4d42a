import Foundation

/// `$ref` resolution across the schema documents.
extension SchemaTranslator {
    /// Resolves `#/$defs/Name` or `file.json#/$defs/Name` from the location's document.
    func resolve(_ ref: String, at: Location) throws(CodegenError) -> String {
        let parts = ref.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].hasPrefix("/$defs/") else {
            throw at.error("$ref '\(ref)' must point at a member of $defs ('#/$defs/Name' or 'file.json#/$defs/Name')")
        }
        let name = Pointer.unescape(String(parts[1].dropFirst("/$defs/".count)))
        let file = parts[0].isEmpty ? at.file : Pointer.join(at.file, String(parts[0]))
        guard namesByFile[file] != nil else { throw at.error("$ref '\(ref)': no schema document '\(file)'") }
        guard namesByFile[file]?.contains(name) == true else {
            throw at.error("$ref '\(ref)': '\(file)' defines no type '\(name)'")
        }
        return name
    }
}
