import Foundation

/// A schema folder's assembled documents (path relative to the folder → tree), for what the model
/// leaves out: every documented response with its media types, headers and examples, parameters'
/// constraints, and the schemas themselves as written, which ``DescriptionSchemaValidator`` reads.
///
/// Swagger 2.0 documents are already read as OpenAPI 3.0 (``CodeGenerator/assembledDocuments(schemaDirectory:)``),
/// and every `$ref` names its file by a path relative to the referring file.
public struct DescriptionDocuments: Sendable {
    /// The documents by path relative to the schema folder.
    public let roots: [String: DocumentValue]

    /// Documents given in memory, by path relative to the schema folder.
    public init(roots: [String: DocumentValue]) {
        self.roots = roots
    }

    /// The documents of the schema folder at `schemaDirectory`, assembled as the generator reads
    /// them; throws the ``CodegenError`` of a document that cannot be read.
    public init(schemaDirectory: URL) throws {
        let documents = try CodeGenerator().assembledDocuments(schemaDirectory: schemaDirectory)
        self.init(roots: Dictionary(documents.map { ($0.path, $0.root) }, uniquingKeysWith: { first, _ in first }))
    }

    /// A value found in a document: the value and the file it is in (refs inside it are relative to
    /// that file), and where (`file#/pointer`).
    public struct Located: Sendable, Equatable {
        /// The value.
        public var value: DocumentValue
        /// The document's path relative to the schema folder.
        public var file: String
        /// The RFC 6901 JSON pointer of the value in its document (`""` for the root).
        public var pointer: String

        /// A located value.
        public init(value: DocumentValue, file: String, pointer: String) {
            self.value = value
            self.file = file
            self.pointer = pointer
        }

        /// `file#pointer`, as messages name a place of a document.
        public var origin: String { file + "#" + pointer }

        /// The member `key`, located below this value, or `nil` when this is no object or has no
        /// such member.
        public func member(_ key: String) -> Located? {
            guard let found = value.member(key) else { return nil }
            return Located(value: found, file: file, pointer: pointer + "/" + DescriptionDocuments.escape(key))
        }

        /// The element at `index` of an array, located, or `nil`.
        public func element(_ index: Int) -> Located? {
            guard let items = value.arrayValue, items.indices.contains(index) else { return nil }
            return Located(value: items[index], file: file, pointer: pointer + "/\(index)")
        }
    }

    /// The value at `pointer` (RFC 6901) of `file`, or `nil`.
    public func value(file: String, pointer: String) -> Located? {
        guard var value = roots[file] else { return nil }
        for token in pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let key = Self.unescape(String(token))
            if let next = value.member(key) {
                value = next
            } else if let items = value.arrayValue, let index = Int(key), items.indices.contains(index) {
                value = items[index]
            } else {
                return nil
            }
        }
        return Located(value: value, file: file, pointer: pointer)
    }

    /// `located` with its `$ref` followed (to any document of the folder), up to 16 times; the
    /// value itself when it has no `$ref` or the target is not in the folder. Members beside a
    /// `$ref` are dropped with it.
    public func resolve(_ located: Located) -> Located {
        var current = located
        for _ in 0..<16 {
            guard let reference = current.value.member("$ref")?.text,
                let target = referenced(reference, from: current.file)
            else { return current }
            current = target
        }
        return current
    }

    /// What the reference `reference` (a `$ref`'s text) written in `file` names: a JSON pointer
    /// fragment into that file or into another document given by its path relative to `file`;
    /// `nil` when the document or the place is not there.
    public func referenced(_ reference: String, from file: String) -> Located? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let pointer = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : ""
        var document = file
        if let name = parts.first, !name.isEmpty {
            let folder = (file as NSString).deletingLastPathComponent
            document = ((folder as NSString).appendingPathComponent(String(name)) as NSString).standardizingPath
            if document.hasPrefix("./") { document.removeFirst(2) }
        }
        return value(file: document, pointer: pointer)
    }

    /// The name a `$ref` gives its target (the last token of its pointer: `Gadget` of
    /// `gadgets.schema.json#/$defs/Gadget`), or `nil` without one.
    public static func referencedName(_ value: DocumentValue) -> String? {
        guard let reference = value.member("$ref")?.text, let hash = reference.firstIndex(of: "#") else { return nil }
        let pointer = reference[reference.index(after: hash)...]
        return pointer.split(separator: "/").last.map { unescape(String($0)) }
    }

    /// `key` as one token of a JSON pointer (`~` → `~0`, `/` → `~1`).
    public static func escape(_ key: String) -> String {
        key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The key one token of a JSON pointer names (`~1` → `/`, `~0` → `~`).
    static func unescape(_ token: String) -> String {
        token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }
}

extension DocumentValue {
    /// The member named `key` of an object, or `nil` (also when this is no object).
    public func member(_ key: String) -> DocumentValue? {
        self[key]
    }

    /// The members of an object in document order, or `nil` when this is no object.
    public var objectMembers: [(key: String, value: DocumentValue)]? {
        members
    }

    /// The text of a string, or `nil` when this is no string.
    public var text: String? {
        string
    }

    /// A number's value as a `Double`, or `nil` when this is no number.
    public var numberValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }
}
