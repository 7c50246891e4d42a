import Foundation

/// Turns parsed schema documents into a ``SchemaModel``.
///
/// The translator knows the supported subset of JSON Schema 2020-12 (docs/SchemaFormat.md) and
/// refuses everything else with a ``CodegenError`` that names the file, the JSON pointer and the
/// keyword: nothing in a schema is dropped silently.
struct SchemaTranslator {
    /// A document as read: its path relative to the schema directory and its tree.
    typealias Document = (path: String, root: DocumentValue)

    struct Definition {
        var file: String
        var node: DocumentValue
    }

    var definitions: [String: Definition] = [:]
    var namesByFile: [String: Set<String>] = [:]

    static func translate(_ documents: [Document]) throws(CodegenError) -> SchemaModel {
        var translator = SchemaTranslator()
        try translator.collect(documents)
        var types: [NamedType] = []
        for document in documents {
            for (name, node) in document.root["$defs"]?.members ?? [] {
                types.append(try translator.namedType(name, node, file: document.path))
            }
        }
        try translator.checkUnions(types)
        return SchemaModel(documents: documents.map(\.path), types: types)
    }
}
