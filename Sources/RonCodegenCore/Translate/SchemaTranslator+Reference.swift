import Foundation

/// `$ref` resolution across the schema documents.
extension SchemaTranslator {
    /// The Swift name of the type a `$ref` points at: `#/$defs/Name`, `#/definitions/Name`,
    /// `#/components/schemas/Name`, `#` (the document's root), `other.json` or
    /// `other.json#/$defs/Name` (another document of the schema directory, relative to this one).
    func resolve(_ ref: String, at: Location) throws(CodegenError) -> String {
        if ref.hasPrefix(SchemaNormalizer.marker) {
            // A place the normalizer resolved: `ron-origin:<file>#<pointer>`.
            let origin = String(ref.dropFirst(SchemaNormalizer.marker.count))
            guard let name = namesByLocation[origin] else {
                throw at.error("$ref to '\(origin)': no named type there")
            }
            return name
        }
        let parts = ByteSearch.cut(ref, at: 0x23)
        let file = parts.before.isEmpty ? at.file : Pointer.join(at.file, parts.before)
        var pointer = parts.after ?? ""
        if ByteSearch.contains(pointer, 0x25) { pointer = pointer.removingPercentEncoding ?? pointer }
        if pointer == "/" { pointer = "" }
        guard knownFiles.contains(file) else { throw at.error("$ref '\(ref)': no schema document '\(file)'") }
        guard let name = namesByLocation[Origin(file: file, pointer: pointer).description] else {
            throw at.error(
                "$ref '\(ref)': '\(file)' has no named type at '\(pointer.isEmpty ? "#" : pointer)' (a $ref must point at a member of $defs, definitions or components.schemas, or at a document's root schema)"
            )
        }
        return name
    }
}
