import Foundation

/// The whole pipeline: schema directory → documents → model → Swift source.
public struct CodeGenerator: Sendable {
    /// How to render.
    public var options: SwiftRenderer.Options
    /// Whether the `paths` of OpenAPI documents are read into ``SchemaModel/operations`` (and their
    /// unsupported constructs refused). Off, they are ignored, as a types-only run wants.
    public var readsOperations = true

    /// A generator with rendering `options`.
    public init(options: SwiftRenderer.Options = SwiftRenderer.Options()) {
        self.options = options
    }

    /// A folder of reference documents: what a `$ref` in the schema names of them is generated,
    /// nothing else (`ron-codegen --references DIR`). A `References/` folder inside the schema
    /// folder is read the same way.
    public var referenceDirectory: URL?

    /// The folder inside a schema folder that holds reference documents.
    public static let referencesFolder = "References/"

    /// Reads and translates the documents below `schemaDirectory` (and ``referenceDirectory``).
    public func model(schemaDirectory: URL) throws -> SchemaModel {
        try modelAndSummary(schemaDirectory: schemaDirectory).model
    }

    /// ``model(schemaDirectory:)`` and the ``GenerationSummary`` of the run: what the documents
    /// declare, what is generated, what is left out.
    public func modelAndSummary(schemaDirectory: URL) throws -> (model: SchemaModel, summary: GenerationSummary) {
        let (configuration, all) = try Self.configuration(try SchemaDocumentReader.read(directory: schemaDirectory))
        var documents = all.filter { !$0.path.hasPrefix(Self.referencesFolder) }
        var references = all.filter { $0.path.hasPrefix(Self.referencesFolder) }
        if documents.isEmpty {
            throw CodegenError(
                file: schemaDirectory.path, pointer: "", message: "no schema documents outside References/")
        }
        if let referenceDirectory {
            references += try Self.referencedDocuments(in: referenceDirectory, from: documents + references)
        }
        documents.sort { $0.path < $1.path }
        return try Self.generate(
            documents, references: references, configuration: configuration, readsOperations: readsOperations)
    }

    /// Translates `documents` with `references`, applies `configuration`, and sums the run up.
    static func generate(
        _ documents: [(path: String, root: DocumentValue)], references: [(path: String, root: DocumentValue)],
        configuration: GenerationConfiguration, readsOperations: Bool
    ) throws(CodegenError) -> (model: SchemaModel, summary: GenerationSummary) {
        let (translated, declared) = try translate(documents, references: references, readsOperations: readsOperations)
        let kept = try configuration.apply(to: translated)
        let selects = !(configuration.operations.isEmpty && configuration.tags.isEmpty && configuration.paths.isEmpty)
        let summary = GenerationSummary(
            model: translated, kept: kept,
            declared: declared.map {
                GenerationSummary.DocumentOperations(path: $0.path, declared: $0.count, generated: 0)
            },
            readsOperations: readsOperations, keptOperations: selects && readsOperations ? kept.operations.count : nil,
            maxLeftOut: configuration.maxLeftOut)
        return (kept, summary)
    }

    /// The folder's ``GenerationConfiguration`` (from its top-level `ron-codegen.json`, else the
    /// default) and its other documents.
    static func configuration(
        _ documents: [(path: String, root: DocumentValue)]
    ) throws(CodegenError) -> (GenerationConfiguration, [(path: String, root: DocumentValue)]) {
        guard let file = documents.first(where: { $0.path == GenerationConfiguration.fileName }) else {
            return (GenerationConfiguration(), documents)
        }
        return (
            try GenerationConfiguration.read(file.root),
            documents.filter { $0.path != GenerationConfiguration.fileName }
        )
    }

    /// The schema folder's documents as the generator reads them (``DescriptionAssembler``): Swagger
    /// 2.0 read as OpenAPI 3.0, each description's path items, parameters, responses, request bodies,
    /// headers and examples brought into its root document, and the files a description reaches (its
    /// parts) after the documents of their own. Tools that read the documents beside the model (the
    /// mock's answers and examples) read these, so they see what the model was made of.
    public func assembledDocuments(schemaDirectory: URL) throws -> [(path: String, root: DocumentValue)] {
        let (_, all) = try Self.configuration(try SchemaDocumentReader.read(directory: schemaDirectory))
        let assembly = try DescriptionAssembler.assemble(
            all.filter { !$0.path.hasPrefix(Self.referencesFolder) },
            references: all.filter { $0.path.hasPrefix(Self.referencesFolder) })
        return assembly.documents + assembly.parts + assembly.references
    }

    /// Assembles the schema folder's `documents` with `references` (``DescriptionAssembler``) and
    /// translates them; what the assembly noted comes first among the model's notes. Returns the
    /// model and the operations each OpenAPI document declares.
    static func translate(
        _ documents: [(path: String, root: DocumentValue)], references: [(path: String, root: DocumentValue)],
        readsOperations: Bool
    ) throws(CodegenError) -> (model: SchemaModel, declared: [(path: String, count: Int)]) {
        let assembly = try DescriptionAssembler.assemble(documents, references: references)
        var model = try SchemaTranslator.translate(
            assembly.documents, references: assembly.references, parts: assembly.parts,
            readsOperations: readsOperations)
        model.notes = assembly.notes + model.notes
        return (model, assembly.declaredOperations)
    }

    /// Translates documents given in memory (relative path → text); those under `References/` are
    /// reference documents.
    public func model(documents: [(path: String, text: String)]) throws -> SchemaModel {
        try modelAndSummary(documents: documents).model
    }

    /// ``model(documents:)`` and the ``GenerationSummary`` of the run.
    public func modelAndSummary(
        documents: [(path: String, text: String)]
    ) throws -> (model: SchemaModel, summary: GenerationSummary) {
        let (configuration, parsed) = try Self.configuration(
            try documents.sorted { $0.path < $1.path }.map { document in
                (document.path, try SchemaDocumentReader.parse(Data(document.text.utf8), path: document.path))
            })
        return try Self.generate(
            parsed.filter { !$0.path.hasPrefix(Self.referencesFolder) },
            references: parsed.filter { $0.path.hasPrefix(Self.referencesFolder) }, configuration: configuration,
            readsOperations: readsOperations)
    }

    /// The generated files for `model`: one `RonGenerated.swift`, or one file per document plus the
    /// catalog when `split` is set.
    public func files(for model: SchemaModel, split: Bool) -> [(name: String, contents: String)] {
        let model = model.mergingIdenticalInlineTypes()
        let renderer = SwiftRenderer(options: options)
        return split
            ? renderer.renderFilePerDocument(model) : [("RonGenerated.swift", renderer.renderSingleFile(model))]
    }

    /// What a run writes.
    public enum Output: Sendable, Equatable {
        /// The types and their catalog (the package's `RonGenerated`).
        case types
        /// Only the operations, `RonOperations.swift` (the package's `RonAppSdkSwift`).
        case operations
        /// Both (a user's own target): `RonOperations.swift` always written, or with shards the
        /// calls in the files of the types.
        case typesAndOperations
    }

    /// The generated files for `model` as `output` says; the types in `shards` files
    /// (``SwiftRenderer/renderShards(_:count:calls:types:)``, the calls with them), or the calls alone
    /// in `shards` files, when `shards` is above 1 and `split` is not set.
    public func files(
        for model: SchemaModel, split: Bool, output: Output, shards: Int = 1
    ) -> [(name: String, contents: String)] {
        let model = model.mergingIdenticalInlineTypes()
        var operations: (String, String) {
            ("RonOperations.swift", SwiftRenderer(options: options).renderOperationsFile(model))
        }
        let sharded = !split && shards > 1
        switch output {
        case .types:
            return sharded
                ? SwiftRenderer(options: options).renderShards(model, count: shards) : files(for: model, split: split)
        case .operations:
            // In shards: the calls alone, for a target of calls beside the target of the types.
            return sharded
                ? SwiftRenderer(options: options).renderShards(model, count: shards, calls: true, types: false)
                : [operations]
        case .typesAndOperations:
            // In shards, each file holds the calls of its operations too: files of one size.
            return sharded
                ? SwiftRenderer(options: options).renderShards(model, count: shards, calls: true)
                : files(for: model, split: split) + [operations]
        }
    }

    /// Writes `files` into `directory`, rewriting only those whose contents changed, so an
    /// unchanged schema does not make the compiler run again, and removes the files of the same
    /// kind (`output`) that an earlier run wrote there and this one does not (fewer shards, a
    /// document gone), which would otherwise declare everything twice. Returns the names written.
    @discardableResult
    public static func write(
        _ files: [(name: String, contents: String)], to directory: URL, output: Output = .types
    ) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var written: [String] = []
        for file in files {
            let url = directory.appending(path: file.name)
            let data = Data(file.contents.utf8)
            if FileManager.default.contents(atPath: url.path) == data { continue }
            try data.write(to: url, options: .atomic)
            written.append(file.name)
        }
        for name in leftovers(in: directory, keeping: Set(files.map(\.name)), output: output) {
            try FileManager.default.removeItem(at: directory.appending(path: name))
        }
        return written
    }

    /// The Swift files in `directory`, other than `keeping`, that a run writing `output` wrote
    /// before: files of types (and, for ``Output/typesAndOperations``, of operations) that begin
    /// with this generator's header. A file of the user's own is never one of them, and a run of
    /// operations only leaves the types beside it alone (it removes only files of operations: fewer
    /// shards than before).
    public static func leftovers(in directory: URL, keeping: Set<String>, output: Output) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let marks =
            output == .operations
            ? [": the operations"] : output == .types ? [" from these"] : [" from these", ": the operations"]
        return names.filter { name in
            guard name.hasSuffix(".swift"), !keeping.contains(name), !marks.isEmpty,
                let handle = FileHandle(forReadingAtPath: directory.appending(path: name).path)
            else { return false }
            defer { try? handle.close() }
            let head = String(decoding: handle.readData(ofLength: 256), as: UTF8.self)
            let lines = head.split(separator: "\n", maxSplits: 2)
            guard lines.count > 1, lines[0] == "// DO NOT EDIT.", lines[1].hasPrefix("// Generated by ron-codegen ")
            else { return false }
            return marks.contains { lines[1].contains($0) }
        }.sorted()
    }

    /// The documents of `directory` that `documents` refer to, directly or through each other,
    /// found by their `$id`, by the relative path a `$ref` writes (from its document, as if the
    /// folder were `References/`), or by file name (`…/name.json`, `…/name`; for a relative `$ref`,
    /// every file of that name, so that ``ReferenceLocator`` can tell two apart): a folder of
    /// hundreds of documents costs only what is referenced. Their paths start with
    /// ``referencesFolder``.
    static func referencedDocuments(
        in directory: URL, from documents: [(path: String, root: DocumentValue)]
    ) throws -> [(path: String, root: DocumentValue)] {
        let paths = try SchemaDocumentReader.documentPaths(in: directory)
        let known = Set(paths)
        var byName: [String: String] = [:]
        var allByName: [String: [String]] = [:]
        for path in paths {
            let name = String(path.split(separator: "/").last ?? "")
            byName[name] = byName[name] ?? path
            allByName[name, default: []].append(path)
            for suffix in [".json", ".yaml", ".yml", ".toml"] where name.hasSuffix(suffix) {
                let stem = String(name.dropLast(suffix.count))
                byName[stem] = byName[stem] ?? path
            }
        }
        // A document's `$id` (or draft-04 `id`) near its start names it too.
        var byIdentifier: [String: String] = [:]
        let identifier = /"\$?id"\s*:\s*"([^"#]+)#?"/
        for path in paths {
            guard let handle = FileHandle(forReadingAtPath: directory.appending(path: path).path) else { continue }
            let head = String(decoding: handle.readData(ofLength: 4096), as: UTF8.self)
            try? handle.close()
            if let match = head.firstMatch(of: identifier) { byIdentifier[String(match.1)] = path }
        }
        var loaded: [String: DocumentValue] = [:]
        var order: [String] = []
        var pending = documents
        while let next = pending.popLast() {
            for ref in Self.references(in: next.root) {
                var text = ref
                if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
                if let query = text.firstIndex(of: "?") { text = String(text[..<query]) }
                let last = text.split(separator: "/").last.map(String.init) ?? ""
                let name = last.removingPercentEncoding ?? last
                var found: [String] = []
                if let written = DescriptionAssembler.file(of: ref, from: next.path), written != next.path {
                    // A relative reference: the file at that path, else every file of its name.
                    let inFolder =
                        written.hasPrefix(Self.referencesFolder)
                        ? String(written.dropFirst(Self.referencesFolder.count)) : written
                    found = known.contains(inFolder) ? [inFolder] : allByName[name] ?? []
                }
                if found.isEmpty, let path = byIdentifier[text] ?? byName[name] { found = [path] }
                for path in found where loaded[path] == nil {
                    guard let data = FileManager.default.contents(atPath: directory.appending(path: path).path) else {
                        continue
                    }
                    let root = try SchemaDocumentReader.parse(data, path: Self.referencesFolder + path)
                    loaded[path] = root
                    order.append(path)
                    pending.append((Self.referencesFolder + path, root))
                }
            }
        }
        return order.sorted().compactMap { path in loaded[path].map { (Self.referencesFolder + path, $0) } }
    }

    /// Every `$ref` string in `node`.
    static func references(in node: DocumentValue) -> [String] {
        var found: [String] = []
        allReferences(in: node) { ref in
            found.append(ref)
            return true
        }
        return found
    }

    /// Whether `test` holds for every `$ref` string in `node`, stopping at the first that fails it.
    @discardableResult
    static func allReferences(in node: DocumentValue, _ test: (String) -> Bool) -> Bool {
        // Only objects and arrays are stacked: a description's values are mostly strings and
        // numbers, and each walk of a whole description is paid on every run.
        var stack = [node]
        while let value = stack.popLast() {
            switch value {
            case .object(let members):
                var index = 0
                while index < members.count {
                    let child = members[index].value
                    index += 1
                    if case .string(let text) = child {
                        if members[index - 1].key == "$ref", !test(text) { return false }
                    } else if case .object = child {
                        stack.append(child)
                    } else if case .array = child {
                        stack.append(child)
                    }
                }
            case .array(let items):
                for item in items {
                    switch item {
                    case .object, .array: stack.append(item)
                    default: break
                    }
                }
            default: break
            }
        }
        return true
    }
}
