import Foundation

/// Reads schema documents as they are published and rewrites them into the forms the translator
/// reads, so every JSON Schema that some Swift type can stand for generates.
///
/// - Keywords are read by vocabulary (``SchemaVocabulary``): shape keywords decide the type,
///   validation keywords go into the documentation, annotations and unknown words (`x-*`,
///   `markdownDescription`, ...) never stop anything.
/// - Every schema that needs a declaration of its own (an object with properties, an enum, a union,
///   a tuple) becomes a named type, wherever it stands: a property, array items, a map's values, a
///   union member, an `allOf` part. Its name follows its path from the nearest named type
///   (`Workflow` → `WorkflowJobs` → `WorkflowJobsSteps`), so adding a sibling never renames it.
/// - `$ref` resolves to any JSON pointer, `$id`/`id` base URI, `$anchor` or plain-name fragment, in
///   the schema folder or the reference documents (``SchemaIndex``); only what is referenced of a
///   reference document is generated.
/// - Unions of anything become enums; `allOf` merges objects and keeps the one typed part of a
///   constraint; defaults that the type cannot hold go into the documentation.
///
/// The output is one document per input document that contributes types: its `$defs`,
/// `definitions`, `components.schemas` and root in the translator's forms, plus the member
/// `x-ron-hoisted` holding the named types found inside it, each with the JSON pointer of its
/// original place (`x-ron-origin`). Every `$ref` in the output names its target by place
/// (``marker``), so the translator never resolves a URI itself.
struct SchemaNormalizer {
    /// A document to read.
    struct Input: Sendable {
        /// Its path (reference documents under `References/`).
        var path: String
        /// Its tree.
        var root: DocumentValue
        /// Whether it is a reference document: only what a `$ref` names of it is generated.
        var isReference: Bool
        /// Whether it is a part of a description in the schema folder (``DescriptionAssembler``): a
        /// reference document known by its place in that folder, as the `$ref`s of its root name it.
        var isPart = false
    }

    typealias Place = SchemaIndex.Place

    /// How a `$ref` of the output starts: `ron-origin:<file>#<pointer>`.
    static let marker = "ron-origin:"

    let index: SchemaIndex
    /// The type name of every place that becomes a named type.
    var names: [Place: String] = [:]
    /// Places the translator registers itself (`$defs`, `definitions`, `components.schemas`, roots).
    var natural: Set<Place> = []
    /// Names given so far.
    var used: Set<String> = []
    /// Hoisted places, in the order they were found.
    var hoisted: [Place] = []
    /// Places still to normalize.
    var queue: [Place] = []
    /// The normalized definitions.
    var definitions: [Place: DocumentValue] = [:]
    /// What a hoisted place stands for when that is not the schema written there (a union's
    /// variant merged with its parent's properties, a tagged variant without its tag).
    var overrides: [Place: Override] = [:]
    /// Duplicate definitions (the same name and schema in several documents) → the first.
    var redirects: [Place: Place] = [:]
    /// Places being asked whether they may be null (a guard against `$ref` loops).
    var nullabilityVisits: Set<Place> = []
    /// What ``definitionNullable(_:)`` answered, per place.
    var nullability: [Place: Bool] = [:]
    /// The object shapes of `$ref` targets, per place (`nil`: not an object).
    var targetShapes: [Place: ObjectShape?] = [:]
    /// The schemas of hoisted places, as they were when hoisted (some places are not in a document:
    /// one type of a `type` list).
    var hoistedNodes: [Place: DocumentValue] = [:]
    /// The struct made for a `$ref`'d variant of an internally tagged union (its schema without the
    /// tag member), per target and tag: every union with that variant shares it.
    var variantCopies: [VariantCopy: Place] = [:]
    /// Member names that named structs leave to the enum that holds them (an internally tagged
    /// union's tag, when the variant is the struct itself): not collected as unknown members.
    var reservedMembers: [Place: [String]] = [:]
    /// What was generated in a weaker form than the schema meant (a `$ref` to a document not at
    /// hand, kept as any JSON), with its place; the tools print them as warnings.
    var notes: [CodegenError] = []
    /// The normalized members of the OpenAPI documents.
    var openAPIDocuments: [Int: [(key: String, value: DocumentValue)]] = [:]

    /// A `$ref`'d variant's target and the tag member its struct leaves out (`nil`: it keeps it).
    struct VariantCopy: Hashable {
        let target: Place
        let tag: String?

        init(_ target: Place, _ tag: String?) {
            self.target = target
            self.tag = tag
        }
    }

    /// A schema built from others.
    enum Override {
        /// An object made of several schemas' properties.
        case object(ObjectShape)
    }

    /// Normalizes `inputs` (the schema folder's documents first, in path order, then the reference
    /// documents) into documents for ``SchemaTranslator``.
    static func normalize(_ inputs: [Input]) throws(CodegenError) -> (
        documents: [(path: String, root: DocumentValue)], notes: [CodegenError]
    ) {
        var normalizer = SchemaNormalizer(index: SchemaIndex(inputs))
        try normalizer.registerNaturalTypes()
        try normalizer.drainQueue()
        for (offset, input) in inputs.enumerated() where !input.isReference && input.root["openapi"] != nil {
            normalizer.openAPIDocuments[offset] = try normalizer.openAPI(input.root, offset)
            try normalizer.drainQueue()
        }
        var output: [(path: String, root: DocumentValue)] = []
        // The hoisted places by document, once: a search of all of them for each document took a
        // twelfth of the run on a description in 2,907 files.
        let hoisted = Dictionary(grouping: normalizer.hoisted, by: \.document)
        for (offset, input) in inputs.enumerated() {
            if let document = try normalizer.document(offset, hoistedHere: hoisted[offset] ?? []),
                !(input.isReference && document.members?.isEmpty ?? true)
            {
                output.append((input.path, document))
            }
        }
        var seen = Set<String>()
        let notes = normalizer.notes.filter { seen.insert($0.file + "#" + $0.pointer).inserted }
        return (output, notes)
    }

    // MARK: - Names

    /// Registers the types the translator finds by itself in the schema folder's documents.
    private mutating func registerNaturalTypes() throws(CodegenError) {
        var firstByKey: [String: (Place, DocumentValue)] = [:]
        for (offset, input) in index.documents.enumerated() where !input.isReference {
            guard input.root.members != nil else {
                throw CodegenError(file: input.path, pointer: "", message: "a schema document must be an object")
            }
            var containers: [(String, [(key: String, value: DocumentValue)])] = []
            if input.root["openapi"] != nil || input.root["swagger"] != nil {
                try checkOpenAPIVersion(input)
                if let schemas = input.root["components"]?["schemas"] {
                    containers.append(("/components/schemas", schemas.members ?? []))
                }
            } else {
                for container in ["$defs", "definitions"] {
                    if let defs = input.root[container] {
                        containers.append(("/" + container, defs.members ?? []))
                    }
                }
            }
            for (pointer, entries) in containers {
                for (key, node) in entries {
                    let place = Place(document: offset, pointer: pointer + "/" + Pointer.escape(key))
                    if let (first, firstNode) = firstByKey[key], first.document != offset {
                        if firstNode == node {
                            // schemars writes one file per type, each with its own copy of the
                            // shared `$defs`: one type.
                            redirects[place] = first
                            continue
                        }
                        natural.insert(place)
                        names[place] = unique(Naming.typeName(key) + Self.stem(of: input.path).capitalizedFirst)
                        hoisted.append(place)
                        queue.append(place)
                        continue
                    }
                    if Naming.typeName(key).isEmpty {
                        // No Swift name can be made of the key (`//`): a name from the path.
                        names[place] = unique(rootName(offset) + "Definition")
                        hoisted.append(place)
                        queue.append(place)
                        continue
                    }
                    if let target = partSchema(namedBy: node, at: place), names[target] == nil {
                        // `User: {$ref: schemas/User.yaml}`: the part's schema is the type `User`.
                        redirects[place] = target
                        names[target] = unique(Naming.typeName(key))
                        hoisted.append(target)
                        queue.append(target)
                        continue
                    }
                    firstByKey[key] = firstByKey[key] ?? (place, node)
                    natural.insert(place)
                    names[place] = unique(Naming.typeName(key))
                    queue.append(place)
                }
            }
            if input.root["openapi"] == nil, input.root["swagger"] == nil, SchemaVocabulary.hasShape(input.root) {
                let place = Place(document: offset, pointer: "")
                natural.insert(place)
                names[place] = unique(rootName(offset))
                queue.append(place)
            }
        }
        // Hoisted names must not take a name the translator gives a natural type.
        for place in hoisted { natural.remove(place) }
    }

    /// The place in a part of a description (``Input/isPart``) that `node`, a component that is
    /// nothing but a `$ref`, names; `nil` for any other node.
    private func partSchema(namedBy node: DocumentValue, at place: Place) -> Place? {
        guard node.members?.count == 1, let ref = node["$ref"]?.string,
            case .place(let target) = index.resolve(ref, at: place), index.documents[target.document].isPart
        else { return nil }
        return target
    }

    /// Whether document `offset` is an OpenAPI description or a part of one (where a vendor's
    /// defect is a warning, not a refusal).
    func isInDescription(_ offset: Int) -> Bool {
        index.documents[offset].root["openapi"] != nil || index.documents[offset].isPart
    }

    private func checkOpenAPIVersion(_ input: Input) throws(CodegenError) {
        guard let version = input.root["openapi"]?.string, version.hasPrefix("3.0") || version.hasPrefix("3.1") else {
            throw CodegenError(
                file: input.path, pointer: "/openapi",
                message:
                    "OpenAPI \(input.root["openapi"]?.string ?? "?") is not read: this generator reads OpenAPI 3.0 and 3.1"
            )
        }
    }

    /// The name of a document's root type: its `title` when that is one word, else its file name.
    func rootName(_ document: Int) -> String {
        let input = index.documents[document]
        if let title = input.root["title"]?.string, !title.contains(" "), !Naming.typeName(title).isEmpty {
            return Naming.typeName(title)
        }
        let stem = Naming.typeName(Self.stem(of: input.path))
        return stem.isEmpty ? "Schema" : stem
    }

    /// `base`, or `base2`, `base3`, ... : a type name nothing else has.
    mutating func unique(_ base: String) -> String {
        var base = base.isEmpty ? "Schema" : base
        if !Naming.isTypeName(base) { base = Naming.typeName(base) }
        if base.isEmpty { base = "Schema" }
        if Naming.reservedTypeNames.contains(base) || Naming.keywords.contains(base) { base += "Model" }
        var name = base
        var suffix = 2
        while used.contains(name) {
            name = base + String(suffix)
            suffix += 1
        }
        used.insert(name)
        return name
    }

    /// The name a place gets from its path: the nearest named place's name, then a word per step
    /// (`properties/jobs` → `Jobs`, `items` → `Item`, `additionalProperties` → `Value`,
    /// `oneOf/2` → `Variant2`, `allOf/1` → `Part1`, `prefixItems/0` → `Element0`).
    func pathName(of place: Place) -> String {
        let tokens = ByteSearch.fields(of: place.pointer, separatedBy: 0x2F).dropFirst().map(Pointer.unescape)
        // The pointer of each leading run of tokens, escaped once each (not once per length tried:
        // deep inline schemas made this a twentieth of a run on a dereferenced description).
        var prefixes = [""]
        prefixes.reserveCapacity(tokens.count + 1)
        for token in tokens { prefixes.append(prefixes[prefixes.count - 1] + "/" + Pointer.escape(token)) }
        var start = 0
        var name = ""
        for length in stride(from: tokens.count, through: 0, by: -1) {
            if let known = names[Place(document: place.document, pointer: prefixes[length])] {
                name = known
                start = length
                break
            }
        }
        if start == 0, name.isEmpty {
            name = index.documents[place.document].isReference ? "" : rootName(place.document)
        }
        var offset = start
        while offset < tokens.count {
            let token = tokens[offset]
            let next = offset + 1 < tokens.count ? tokens[offset + 1] : nil
            switch token {
            case "properties", "patternProperties", "definitions", "$defs", "components", "schemas",
                "dependentSchemas":
                if token == "patternProperties", next != nil {
                    name += "Value"
                    offset += 2
                    continue
                }
                if let next {
                    name += Self.word(next)
                    offset += 2
                    continue
                }
            case "items", "additionalItems", "unevaluatedItems", "contains":
                if let next, Int(next) != nil {
                    name += "Element" + next
                    offset += 2
                    continue
                }
                name += "Item"
            case "additionalProperties", "unevaluatedProperties": name += "Value"
            case "prefixItems":
                if let next {
                    name += "Element" + next
                    offset += 2
                    continue
                }
            case "oneOf", "anyOf":
                if let next {
                    name += "Variant" + next
                    offset += 2
                    continue
                }
            case "allOf":
                if let next {
                    name += "Part" + next
                    offset += 2
                    continue
                }
            case "then", "else", "if", "not": name += token.capitalizedFirst
            default: name += Self.word(token)
            }
            offset += 1
        }
        return name.isEmpty ? rootName(place.document) : name
    }

    /// A word of a type name made from a member name (`jobs` → `Jobs`, `on-push` → `OnPush`).
    static func word(_ key: String) -> String {
        let name = Naming.typeName(key)
        if name.hasSuffix("Model"), !key.hasSuffix("Model"), Naming.reservedTypeNames.contains(String(name.dropLast(5)))
        {
            return String(name.dropLast(5))
        }
        return name.isEmpty ? "Member" : name
    }

    /// `health.schema.json` → `health`.
    static func stem(of path: String) -> String {
        var name = String(path.split(separator: "/").last ?? Substring(path))
        for suffix in [".json", ".toml", ".yaml", ".yml", ".schema"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
        }
        return name
    }

    /// The `$ref` of the output that names `place`.
    func marker(_ place: Place) -> DocumentValue {
        .string(Self.marker + index.documents[place.document].path + "#" + place.pointer)
    }

    /// Makes `place` (whose schema is `node`, when given) a named type, if it is not one already,
    /// and returns the `$ref` that names it.
    mutating func named(_ place: Place, node: DocumentValue? = nil, hint: String? = nil) -> DocumentValue {
        let place = redirects[place] ?? place
        if names[place] == nil {
            if let node { hoistedNodes[place] = node }
            names[place] = unique(hint ?? pathName(of: place))
            hoisted.append(place)
            queue.append(place)
        }
        return marker(place)
    }

    /// `{"$ref": …}` naming `place`, made a named type (see ``named(_:node:hint:)``).
    mutating func reference(_ place: Place, node: DocumentValue? = nil) -> DocumentValue {
        .object([("$ref", named(place, node: node))])
    }

    /// The schema at `place`, or its override.
    func node(at place: Place) -> DocumentValue {
        hoistedNodes[place] ?? index.value(at: place) ?? .object([])
    }

    /// A located error.
    func error(_ place: Place, _ message: String) -> CodegenError {
        CodegenError(file: index.documents[place.document].path, pointer: place.pointer, message: message)
    }
}

extension String {
    /// The string with its first character upper-cased.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

extension SchemaIndex.Place {
    /// The place of a member or element below this one.
    func appending(_ token: String) -> SchemaIndex.Place {
        SchemaIndex.Place(document: document, pointer: pointer + "/" + Pointer.escape(token))
    }
}
