import Foundation

/// Pass 1: finds every named type of every document and gives it a Swift name shared by all
/// documents.
///
/// A JSON Schema document (2020-12, 2019-09, draft-07 and earlier) contributes the members of
/// `$defs` and `definitions`, and its root when the root is itself a schema (named by its `title`,
/// else by the file name). An OpenAPI 3.1 document contributes `components.schemas`.
extension SchemaTranslator {
    /// Top-level keys of a document that are not part of a root schema (`x-ron-version`: the
    /// document's version, read by `ron-codegen diff --check-version`).
    static let documentKeys: Set<String> = [
        "$schema", "$id", "title", "description", "$defs", "definitions", "$comment", "$anchor", "examples",
        "x-ron-version", "x-ron-hoisted",
    ]

    mutating func collect(_ documents: [Document]) throws(CodegenError) {
        for document in documents {
            guard let members = document.root.members else {
                throw CodegenError(file: document.path, pointer: "", message: "a schema document must be an object")
            }
            let hoisted = HoistedTypes(document)
            if let version = document.root["openapi"] {
                try collectOpenAPI(document, hoisted, version: version)
                try collectHoisted(document, hoisted)
                continue
            }
            for container in ["$defs", "definitions"] {
                guard let defs = document.root[container] else { continue }
                guard let entries = defs.members else {
                    throw CodegenError(
                        file: document.path, pointer: "/" + container, message: "\(container) must be an object")
                }
                for (key, node) in entries {
                    let pointer = "/\(container)/" + Pointer.escape(key)
                    try register(key, node, at: Origin(file: document.path, pointer: pointer))
                    try collectHoisted(document, hoisted, inside: pointer)
                }
            }
            let rootKeys = members.map(\.key).filter { !Self.documentKeys.contains($0) }
            if !rootKeys.isEmpty {
                var name = document.root["title"]?.string ?? Self.stem(of: document.path)
                if name.contains(" ") || Naming.typeName(name).isEmpty { name = Self.stem(of: document.path) }
                if Naming.typeName(name).isEmpty { name = "Schema" }
                try register(name, document.root, at: Origin(file: document.path, pointer: ""))
            }
            try collectHoisted(document, hoisted)
        }
    }

    /// The named types the normalizer found inside a document (`x-ron-hoisted`), each registered at
    /// its original place (`x-ron-origin`): those inside the type at `parent` (all that are left
    /// when `parent` is `nil`), right after it, so types keep the order of the document.
    private mutating func collectHoisted(
        _ document: Document, _ hoisted: HoistedTypes, inside parent: String? = nil
    ) throws(CodegenError) {
        for index in parent.map({ hoisted.inside[$0] ?? [] }) ?? Array(hoisted.types.indices) {
            let (key, node, pointer) = hoisted.types[index]
            let origin = Origin(file: document.path, pointer: pointer)
            guard namesByLocation[origin.description] == nil else { continue }
            let definition = DocumentValue.object((node.members ?? []).filter { $0.key != "x-ron-origin" })
            try register(key, definition, at: origin)
        }
    }

    /// A document's `x-ron-hoisted` types, each with its original place, and which of them lie
    /// inside each place: looked up once per named type rather than searched (a description with
    /// thousands of types searched all of them for each).
    struct HoistedTypes {
        /// Each type's key, schema and `x-ron-origin`, in document order.
        var types: [(key: String, node: DocumentValue, pointer: String)] = []
        /// For each place that holds any, the positions in ``types`` of the types below it.
        var inside: [String: [Int]] = [:]

        init(_ document: Document) {
            for (key, node) in document.root["x-ron-hoisted"]?.members ?? [] {
                let pointer = node["x-ron-origin"]?.string ?? ""
                // A type is inside each place whose pointer, with a slash, begins its own.
                var end = pointer.utf8.startIndex
                while end != pointer.utf8.endIndex {
                    if pointer.utf8[end] == UInt8(ascii: "/") {
                        inside[String(pointer[..<end]), default: []].append(types.count)
                    }
                    end = pointer.utf8.index(after: end)
                }
                types.append((key, node, pointer))
            }
        }
    }

    /// An OpenAPI 3.1 document: its `components.schemas` (the rest describes operations).
    private mutating func collectOpenAPI(
        _ document: Document, _ hoisted: HoistedTypes, version: DocumentValue
    ) throws(CodegenError) {
        guard let text = version.string, text.hasPrefix("3.1") || text.hasPrefix("3.0") else {
            throw CodegenError(
                file: document.path, pointer: "/openapi",
                message:
                    "OpenAPI \(version.string ?? version.typeName) is not supported: only 3.1 uses JSON Schema as its schema dialect (convert 3.0's `nullable` and `example` first)"
            )
        }
        guard let schemas = document.root["components"]?["schemas"] else { return }
        guard let entries = schemas.members else {
            throw CodegenError(
                file: document.path, pointer: "/components/schemas", message: "components.schemas must be an object")
        }
        for (key, node) in entries {
            let pointer = "/components/schemas/" + Pointer.escape(key)
            try register(key, node, at: Origin(file: document.path, pointer: pointer))
            try collectHoisted(document, hoisted, inside: pointer)
        }
    }

    /// Gives the schema at `origin` a Swift type name unique across all documents.
    private mutating func register(_ key: String, _ node: DocumentValue, at origin: Origin) throws(CodegenError) {
        let base = Naming.typeName(key)
        guard !base.isEmpty else {
            throw CodegenError(
                file: origin.file, pointer: origin.pointer, message: "cannot make a Swift type name from '\(key)'")
        }
        var name = base
        var suffix = 2
        while definitions[name] != nil {
            name = base + String(suffix)
            suffix += 1
        }
        definitions[name] = Definition(key: key, origin: origin, node: node)
        order.append(name)
        namesByLocation[origin.description] = name
        // Tuples inside the type (a property, an array's items, ...) become named structs of their
        // own, `<Type><Property>`, at the tuple's pointer.
        for inner in Self.inlineTuples(in: node, pointer: origin.pointer, hint: "")
        where namesByLocation[origin.file + "#" + inner.pointer] == nil {
            try register(
                key + (inner.hint.isEmpty ? "Tuple" : inner.hint), inner.node,
                at: Origin(file: origin.file, pointer: inner.pointer))
        }
        // Struct variants of an externally tagged enum are inline objects: each becomes a named
        // struct of its own, `<Enum><Variant>`, at the variant's data.
        // Struct variants of an untagged enum, written inline, become `<Enum><Title>` (or
        // `<Enum>Variant<n>`) at the variant.
        if let (keyword, options) = Self.untaggedOptions(node) {
            for (offset, option) in options.enumerated() where Self.isInlineStruct(option) {
                let title = option["title"]?.string.map(Naming.typeName) ?? ""
                try register(
                    key + (title.isEmpty ? "Variant\(offset)" : title), option,
                    at: Origin(file: origin.file, pointer: origin.pointer + "/\(keyword)/\(offset)"))
            }
        }
        guard case .array(let options)? = node["oneOf"], node["discriminator"] == nil else { return }
        for (offset, option) in options.enumerated() {
            guard let (tag, data) = Self.taggedMember(option), Self.isInlineStruct(data) else { continue }
            let at = origin.pointer + "/oneOf/\(offset)/properties/" + Pointer.escape(tag)
            let variant = tag.isEmpty ? "Variant" : tag.prefix(1).uppercased() + tag.dropFirst()
            try register(key + variant, data, at: Origin(file: origin.file, pointer: at))
        }
    }

    /// Whether a variant's data is an object with its own `properties` (a Rust struct variant).
    static func isInlineStruct(_ node: DocumentValue) -> Bool {
        node["type"]?.string == "object" && node["properties"] != nil && node["$ref"] == nil
    }

    /// `health.schema.json` → `health`; `v1/item-page.json` → `item-page`.
    static func stem(of path: String) -> String {
        var name = String(path.split(separator: "/").last ?? Substring(path))
        for suffix in [".json", ".toml", ".schema"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return name
    }
}
