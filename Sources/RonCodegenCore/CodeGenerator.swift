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

    /// Reads and translates the documents below `schemaDirectory`.
    public func model(schemaDirectory: URL) throws -> SchemaModel {
        try SchemaTranslator.translate(
            try SchemaDocumentReader.read(directory: schemaDirectory), readsOperations: readsOperations)
    }

    /// Translates documents given in memory (relative path → text).
    public func model(documents: [(path: String, text: String)]) throws -> SchemaModel {
        let parsed = try documents.sorted { $0.path < $1.path }.map { document in
            (document.path, try SchemaDocumentReader.parse(Data(document.text.utf8), path: document.path))
        }
        return try SchemaTranslator.translate(parsed, readsOperations: readsOperations)
    }

    /// The generated files for `model`: one `RonGenerated.swift`, or one file per document plus the
    /// catalog when `split` is set.
    public func files(for model: SchemaModel, split: Bool) -> [(name: String, contents: String)] {
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
        /// Both, `RonOperations.swift` always written (a user's own target).
        case typesAndOperations
    }

    /// The generated files for `model` as `output` says; the types in `shards` files
    /// (``SwiftRenderer/renderShards(_:count:)``) when `shards` is above 1 and `split` is not set.
    public func files(
        for model: SchemaModel, split: Bool, output: Output, shards: Int = 1
    ) -> [(name: String, contents: String)] {
        let operations = ("RonOperations.swift", SwiftRenderer(options: options).renderOperationsFile(model))
        let types =
            !split && shards > 1
            ? SwiftRenderer(options: options).renderShards(model, count: shards) : files(for: model, split: split)
        switch output {
        case .types: return types
        case .operations: return [operations]
        case .typesAndOperations: return types + [operations]
        }
    }

    /// Writes `files` into `directory`, rewriting only those whose contents changed, so an
    /// unchanged schema does not make the compiler run again. Returns the names written.
    @discardableResult
    public static func write(_ files: [(name: String, contents: String)], to directory: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var written: [String] = []
        for file in files {
            let url = directory.appending(path: file.name)
            let data = Data(file.contents.utf8)
            if FileManager.default.contents(atPath: url.path) == data { continue }
            try data.write(to: url, options: .atomic)
            written.append(file.name)
        }
        return written
    }
}
