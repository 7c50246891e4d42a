import Foundation

/// Pass 1: every document's `$defs` names, checked and shared by all documents.
extension SchemaTranslator {
    static let documentKeys: Set<String> = ["$schema", "$id", "title", "description", "$defs", "$comment"]

    mutating func collect(_ documents: [Document]) throws(CodegenError) {
        for document in documents {
            guard let members = document.root.members else {
                throw CodegenError(file: document.path, pointer: "", message: "a schema document must be an object")
            }
            for (key, _) in members where !Self.documentKeys.contains(key) {
                throw CodegenError(
                    file: document.path, pointer: "/" + Pointer.escape(key),
                    message: "unsupported keyword '\(key)' at the top of a document (named types go in $defs)")
            }
            guard let defs = document.root["$defs"] else { continue }
            guard let entries = defs.members else {
                throw CodegenError(file: document.path, pointer: "/$defs", message: "$defs must be an object")
            }
            for (name, node) in entries {
                let pointer = "/$defs/" + Pointer.escape(name)
                guard Naming.isTypeName(name) else {
                    throw CodegenError(
                        file: document.path, pointer: pointer,
                        message: "'\(name)' is not a usable Swift type name (UpperCamelCase letters and digits)")
                }
                if let earlier = definitions[name] {
                    throw CodegenError(
                        file: document.path, pointer: pointer,
                        message:
                            "type '\(name)' is already defined in \(earlier.file); names are shared by all documents")
                }
                definitions[name] = Definition(file: document.path, node: node)
                namesByFile[document.path, default: []].insert(name)
            }
        }
    }
}
