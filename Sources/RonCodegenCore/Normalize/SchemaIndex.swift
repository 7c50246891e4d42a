import Foundation

/// Every schema of the documents at hand, found by URI: each document's base URI (its `$id`, or
/// draft-04's `id`, or one made from its path), the `$id`s of schemas embedded in it, their
/// `$anchor`s and plain-name fragments (`"id": "#item"`), and, as the last resort, a document's file
/// name (`https://json.schemastore.org/foo.json` → `foo.json`). Nothing is fetched.
struct SchemaIndex {
    /// A schema's place: a document and a JSON pointer into it.
    struct Place: Hashable {
        var document: Int
        var pointer: String
    }

    /// The documents: the schema folder's, then the reference documents.
    let documents: [SchemaNormalizer.Input]
    /// Absolute URIs (no fragment) → the schema they name.
    private var resources: [String: Place] = [:]
    /// `uri#anchor` → the schema.
    private var anchors: [String: Place] = [:]
    /// Per document, the pointers that carry an `$id`, with the base URI they set.
    private var bases: [[(pointer: String, uri: URL)]] = []
    /// The documents by file name (the last component of their path), in document order.
    private var fileNames: [String: [Int]] = [:]
    /// Per document, the values two members deep (`/definitions/Pod`, `/paths/~1pets`), three under
    /// `/components` (`/components/schemas/Pet`), by pointer: where `$ref`s point, found without a
    /// search of a map of hundreds of members for each (a tenth of the debug-built tool's time on
    /// Kubernetes' description). The first of duplicate keys, as the member lookup finds it.
    private var shallow: [[String: DocumentValue]] = []
    /// What ``resolve(_:at:)`` answered, by document, base URI in force and `$ref`: a description
    /// writes the same few hundred `$ref`s thousands of times, and parsing each as a URI relative
    /// to its base was a fifth of the normalizer's time on Kubernetes' description.
    private let answers = Answers()

    /// ``resolve(_:at:)``'s answers. The index is read by one thread (the normalizer's).
    private final class Answers {
        struct Key: Hashable {
            let document: Int
            /// The entry of ``SchemaIndex/bases`` in force.
            let base: Int
            let ref: String
        }

        var byKey: [Key: Resolution] = [:]
    }

    init(_ documents: [SchemaNormalizer.Input]) {
        self.documents = documents
        for (index, document) in documents.enumerated() {
            fileNames[ByteSearch.parts(of: document.path, separatedBy: 0x2F).last ?? "", default: []].append(index)
            let root = Self.fileURI(of: document)
            bases.append([("", root)])
            resources[Self.key(root)] = Place(document: index, pointer: "")
            visit(document.root, pointer: "", base: root, document: index)
            shallow.append(Self.shallowValues(of: document.root))
        }
    }

    /// The values of `root` two members deep, three under `components`, by pointer.
    private static func shallowValues(of root: DocumentValue) -> [String: DocumentValue] {
        var table: [String: DocumentValue] = [:]
        func add(_ members: [(key: String, value: DocumentValue)], below pointer: String, depth: Int) {
            for member in members {
                let here = pointer + "/" + Pointer.escape(member.key)
                guard depth > 0 else {
                    if table[here] == nil { table[here] = member.value }
                    continue
                }
                if let inner = member.value.members {
                    add(inner, below: here, depth: depth - (here == "/components" ? 0 : 1))
                }
            }
        }
        add(root.members ?? [], below: "", depth: 1)
        return table
    }

    /// The URI a document is known by when it has no `$id`: `file:///schema/<path>` for the schema
    /// folder's documents, `file:///references/<path>` for reference documents.
    static func fileURI(of document: SchemaNormalizer.Input) -> URL {
        let folder = document.isReference && !document.isPart ? "references" : "schema"
        let path = Pointer.joined(
            ByteSearch.parts(of: document.path, separatedBy: 0x2F).map {
                $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? $0
            })
        return URL(string: "file:///\(folder)/\(path)") ?? URL(fileURLWithPath: "/\(folder)/\(document.path)")
    }

    /// The keywords whose values are schemas, or arrays or maps of schemas, that the walk enters.
    static let schemaMaps: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "schemas",
    ]
    static let schemaLists: Set<String> = ["allOf", "anyOf", "oneOf", "prefixItems"]
    static let schemaValues: Set<String> = [
        "items", "additionalItems", "additionalProperties", "not", "if", "then", "else", "contains",
        "propertyNames", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
    ]

    private mutating func visit(_ node: DocumentValue, pointer: String, base: URL, document: Int) {
        guard let members = node.members else { return }
        var base = base
        for key in ["$id", "id"] {
            // draft-04's `id` names a schema only when it is a string beside schema keywords (a
            // property called `id` is inside `properties`, which this walk enters by name).
            guard let text = node[key]?.string, !text.isEmpty else { continue }
            if text.hasPrefix("#") {
                anchors[Self.key(base) + text] = Place(document: document, pointer: pointer)
                continue
            }
            guard let uri = URL(string: text, relativeTo: base)?.absoluteURL else { continue }
            let place = Place(document: document, pointer: pointer)
            let bare = Self.key(uri)
            if resources[bare] == nil || pointer.isEmpty { resources[bare] = place }
            if let fragment = uri.fragment, !fragment.isEmpty { anchors[bare + "#" + fragment] = place }
            base = URL(string: bare) ?? uri
            if !pointer.isEmpty { bases[document].append((pointer, base)) } else { bases[document][0].uri = base }
            break
        }
        for key in ["$anchor", "$dynamicAnchor"] {
            guard let name = node[key]?.string, !name.isEmpty else { continue }
            anchors[Self.key(base) + "#" + name] = Place(document: document, pointer: pointer)
        }
        for (key, value) in members {
            let here = pointer + "/" + Pointer.escape(key)
            if Self.schemaMaps.contains(key) || key == "components" {
                for (name, child) in value.members ?? [] {
                    visit(child, pointer: here + "/" + Pointer.escape(name), base: base, document: document)
                }
            } else if Self.schemaLists.contains(key) || (key == "items" && value.arrayValue != nil) {
                for (offset, child) in (value.arrayValue ?? []).enumerated() {
                    visit(child, pointer: here + "/\(offset)", base: base, document: document)
                }
            } else if Self.schemaValues.contains(key) {
                visit(value, pointer: here, base: base, document: document)
            }
        }
    }

    /// A URI without its fragment, as resources are keyed.
    static func key(_ uri: URL) -> String {
        var text = uri.absoluteString
        if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
        return text
    }

    /// The base URI in force at `place`: that of the nearest enclosing schema with an `$id`.
    func base(of place: Place) -> URL {
        bases[place.document][baseEntry(of: place)].uri
    }

    /// The entry of ``bases`` that gives ``base(of:)``.
    private func baseEntry(of place: Place) -> Int {
        let entries = bases[place.document]
        // Most documents set no `$id` below their root.
        if entries.count == 1 { return 0 }
        var best = 0
        for (offset, entry) in entries.enumerated().dropFirst()
        where (place.pointer == entry.pointer || place.pointer.hasPrefix(entry.pointer + "/"))
            && entry.pointer.count > entries[best].pointer.count
        {
            best = offset
        }
        return best
    }

    /// `pointer` cut after its second token (its third below `/components`), as ``shallow`` keys
    /// it, and what follows (empty, or starting with `/`); `nil` when it is shorter.
    static func shallowPrefix(of pointer: String) -> (String, Substring)? {
        let bytes = pointer.utf8
        var tokens = pointer.hasPrefix("/components/") ? 3 : 2
        var index = bytes.startIndex
        guard index < bytes.endIndex, bytes[index] == 0x2F else { return nil }
        index = bytes.index(after: index)
        while index < bytes.endIndex {
            if bytes[index] == 0x2F {
                tokens -= 1
                if tokens == 0 { return (String(pointer[..<index]), pointer[index...]) }
            }
            index = bytes.index(after: index)
        }
        return tokens == 1 ? (pointer, "") : nil
    }

    /// The outcome of resolving a `$ref`.
    enum Resolution {
        /// The schema it names.
        case place(Place)
        /// A JSON Schema meta-schema (`http://json-schema.org/draft-07/schema#`): any schema, which
        /// the generated code keeps as JSON.
        case metaSchema
        /// No document at hand has that URI: the generated code keeps the value as JSON, and the
        /// model notes why (the message says how to give the document).
        case absentDocument(String)
        /// The fragment names nothing in a document at hand, or the reference is not a URI.
        case missing(String)
    }

    /// Resolves `ref` as written at `place`.
    func resolve(_ ref: String, at place: Place) -> Resolution {
        // The answer depends on the document (a copy found by file name is never the document
        // itself), the base URI in force and the text: places that share those share it.
        let entry = baseEntry(of: place)
        let key = Answers.Key(document: place.document, base: entry, ref: ref)
        if let known = answers.byKey[key] { return known }
        let answer = resolve(ref, in: place.document, base: bases[place.document][entry].uri)
        answers.byKey[key] = answer
        return answer
    }

    /// ``resolve(_:at:)``'s work: `ref` as written in document `document` where `base` is in force.
    private func resolve(_ ref: String, in document: Int, base: URL) -> Resolution {
        let cleaned = TrimmedText.of(ref)
        guard
            let target = URL(string: cleaned, relativeTo: base)?.absoluteURL
                ?? URL(
                    string: cleaned.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? cleaned,
                    relativeTo: base)?.absoluteURL
        else { return .missing("'\(ref)' is not a URI reference") }
        let bare = Self.key(target)
        let fragment = cleaned.firstIndex(of: "#").map { String(cleaned[cleaned.index(after: $0)...]) } ?? ""
        // Foundation's decoding only where there is something to decode (most fragments have none).
        let decoded = ByteSearch.contains(fragment, 0x25) ? fragment.removingPercentEncoding ?? fragment : fragment
        // A document found by its file name is another copy only if it is not the one the `$ref`
        // stands in (`{"$ref": "https://host/x.json"}` in x.json names the published original).
        guard let resource = resources[bare] ?? byFileName(target).flatMap({ $0.document == document ? nil : $0 })
        else {
            if Self.isMetaSchema(target) { return .metaSchema }
            return .absentDocument(
                "$ref '\(ref)' names '\(bare)', which is not among the documents at hand, so the value is kept as any JSON (JSONValue); for its type, put that document in the schema folder or in a references folder (ron-codegen --references DIR; the plugin reads Schema/References/), where it is found by its $id or its file name"
            )
        }
        if decoded.isEmpty { return .place(resource) }
        if decoded.hasPrefix("/") {
            let pointer = resource.pointer + (decoded == "/" ? "" : decoded)
            guard value(at: Place(document: resource.document, pointer: pointer)) != nil else {
                // `"$id": "#/foo"` writes a plain name as a pointer; a `$ref` to `#/foo` that no
                // pointer resolves names that schema (as quicktype and other tools read it).
                if let anchored = anchors[bare + "#" + decoded]
                    ?? anchors[Self.key(self.base(of: resource)) + "#" + decoded]
                {
                    return .place(anchored)
                }
                return .missing("$ref '\(ref)': nothing at '\(decoded)' in \(documents[resource.document].path)")
            }
            return .place(Place(document: resource.document, pointer: pointer))
        }
        let resourceBase = bare
        if let anchored = anchors[resourceBase + "#" + decoded] { return .place(anchored) }
        if let anchored = anchors[Self.key(self.base(of: resource)) + "#" + decoded] { return .place(anchored) }
        return .missing("$ref '\(ref)': no $anchor or id '#\(decoded)' in \(documents[resource.document].path)")
    }

    /// A document whose file name is the URI's last path segment (with or without `.json`).
    private func byFileName(_ uri: URL) -> Place? {
        var name = uri.lastPathComponent
        guard !name.isEmpty, name != "/" else { return nil }
        if let decoded = name.removingPercentEncoding { name = decoded }
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        let candidates = [name, stem + ".json", stem + ".schema.json", stem + ".yaml", stem + ".yml", stem + ".toml"]
        let found = Set(candidates.flatMap { fileNames[$0] ?? [] })
        for preferReference in [false, true] {
            for index in found.sorted() where documents[index].isReference == preferReference {
                return Place(document: index, pointer: "")
            }
        }
        return nil
    }

    static func isMetaSchema(_ uri: URL) -> Bool {
        let host = uri.host ?? ""
        return (host == "json-schema.org" || host == "spec.openapis.org")
            && (uri.path.hasSuffix("/schema") || uri.path.contains("/draft") || uri.path.contains("/oas/"))
    }

    /// The value at `place`, or `nil` when the pointer names nothing.
    func value(at place: Place) -> DocumentValue? {
        var node = documents[place.document].root
        guard !place.pointer.isEmpty else { return node }
        var rest = Substring(place.pointer)
        if let (prefix, tail) = Self.shallowPrefix(of: place.pointer), let found = shallow[place.document][prefix] {
            node = found
            rest = tail
            if rest.isEmpty { return node }
        }
        for raw in rest.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            let token = Pointer.unescape(String(raw))
            switch node {
            case .object(let members):
                // The indexed lookup of `DocumentValue`'s subscript, not `first(where:)`'s generic code.
                guard let child = DocumentValue.object(members)[token] else { return nil }
                node = child
            case .array(let items):
                guard let offset = Int(token), items.indices.contains(offset) else { return nil }
                node = items[offset]
            default:
                return nil
            }
        }
        return node
    }
}

extension DocumentValue {
    /// The elements of an array, or `nil`.
    var arrayValue: [DocumentValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
