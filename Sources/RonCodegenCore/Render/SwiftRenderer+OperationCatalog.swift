import Foundation

/// `RonOperationCatalog`: every operation of the schema.
extension SwiftRenderer {
    /// The operations a catalog function appends: statements the compiler checks one by one, where
    /// one array literal of every operation made the type checker of a 1,000-operation description
    /// take a minute and 14 GB (BENCHMARKS.md, "Where the compiler's time goes").
    static let catalogChunk = 50

    /// Renders the catalog, its fill functions beside it.
    func renderOperationCatalog(_ model: SchemaModel, into w: inout SourceWriter) {
        w.line("/// Every operation of the schema, for tools (`ron drift`) and tests.")
        w.block("public enum \(options.operationCatalogName)") { w in
            let chunks = Self.operationChunks(model)
            w.line("/// The operations in document order.")
            w.line("public static let operations: [RonOperationInfo] = {")
            w.line("    var list: [RonOperationInfo] = []")
            w.line("    list.reserveCapacity(\(model.operations.count))")
            for index in chunks.indices { w.line("    appendOperations\(index)(to: &list)") }
            w.line("    return list")
            w.line("}()")
            for (index, chunk) in chunks.enumerated() {
                w.line("")
                w.block("private static func appendOperations\(index)(to list: inout [RonOperationInfo])") { w in
                    for operation in chunk { renderCatalogEntry(operation, into: &w) }
                }
            }
        }
    }

    /// Renders the catalog whose fill functions are in the files of their operations
    /// (``shardedOperationChunks(_:count:weights:)``): each entry carries its place in the document, and
    /// the list is put in document order once filled. An edit of one operation then rewrites only
    /// its own file; this head changes only when a file's number of fill functions does.
    func renderShardedOperationCatalog(
        _ model: SchemaModel, count: Int, weights: [Int]? = nil, into w: inout SourceWriter
    ) {
        w.line("/// Every operation of the schema, for tools (`ron drift`) and tests.")
        w.block("public enum \(options.operationCatalogName)") { w in
            w.line("/// The operations in document order.")
            w.line("public static let operations: [RonOperationInfo] = {")
            w.line("    var list: [(Int, RonOperationInfo)] = []")
            for chunk in Self.shardedOperationChunks(model, count: count, weights: weights) {
                w.line("    appendOperations\(chunk.shard)_\(chunk.index)(to: &list)")
            }
            w.line("    return list.sorted { $0.0 < $1.0 }.map { $0.1 }")
            w.line("}()")
        }
    }

    /// The fill functions of file `shard` (``shardedOperationChunks(_:count:weights:)``), as extensions of
    /// the catalog (or of `extending`: a part's share of it, ``renderCallsPartCatalog(_:part:count:into:)``).
    /// `chunks` are every file's (``shardedOperationChunks(_:count:weights:)``, worked out once for all files).
    func renderShardedOperationCatalogChunks(
        _ chunks: [(shard: Int, index: Int, positions: [Int])], shard: Int, of model: SchemaModel,
        into w: inout SourceWriter, extending: String? = nil
    ) {
        let chunks = chunks.filter { $0.shard == shard }
        guard !chunks.isEmpty else { return }
        w.line()
        w.block("extension \(extending ?? options.operationCatalogName)") { w in
            for chunk in chunks {
                w.block("static func appendOperations\(shard)_\(chunk.index)(to list: inout [(Int, RonOperationInfo)])")
                {
                    w in
                    for position in chunk.positions {
                        renderCatalogEntry(model.operations[position], position: position, into: &w)
                    }
                }
            }
        }
    }

    /// The catalog's fill functions when each file holds those of its own operations: for each
    /// file (``shard(of:count:weights:)`` of the `operationId`), its operations' places in the
    /// document, in runs of ``catalogChunk``.
    static func shardedOperationChunks(
        _ model: SchemaModel, count: Int, weights: [Int]? = nil
    ) -> [(shard: Int, index: Int, positions: [Int])] {
        var byShard = Array(repeating: [Int](), count: count)
        for (position, operation) in model.operations.enumerated() {
            byShard[shard(of: operation.operationId, count: count, weights: weights)].append(position)
        }
        var chunks: [(shard: Int, index: Int, positions: [Int])] = []
        for (shard, positions) in byShard.enumerated() {
            for (index, start) in stride(from: 0, to: positions.count, by: catalogChunk).enumerated() {
                chunks.append((shard, index, Array(positions[start..<min(start + catalogChunk, positions.count)])))
            }
        }
        return chunks
    }

    /// The operations in runs of ``catalogChunk``, in document order.
    static func operationChunks(_ model: SchemaModel) -> [[Operation]] {
        stride(from: 0, to: model.operations.count, by: catalogChunk).map {
            Array(model.operations[$0..<min($0 + catalogChunk, model.operations.count)])
        }
    }

    /// One entry; with `position`, as `(position, RonOperationInfo)`.
    private func renderCatalogEntry(_ operation: Operation, position: Int? = nil, into w: inout SourceWriter) {
        var responseType = "nil"
        switch operation.result {
        case .single(.json(let type)), .eventStream(let type):
            if case .named(let name, _) = type, name != TypeReference.optionalName {
                responseType = SwiftLiteral.string(name)
            }
        default: break
        }
        // The catalog is keyed by name: where a path and a query parameter share one (a
        // published description may), the first listed (the path's) stands for both.
        var named: Set<String> = []
        let parameters = operation.parameters.filter { named.insert($0.name).inserted }
        let examples = parameters.compactMap { parameter -> String? in
            guard let example = parameter.example, let text = Self.exampleText(example) else { return nil }
            return "\(SwiftLiteral.string(parameter.name)): \(SwiftLiteral.string(text))"
        }
        let required = parameters.filter(\.required).map { SwiftLiteral.string($0.name) }
        let locations = parameters.map {
            "\(SwiftLiteral.string($0.name)): \(SwiftLiteral.string($0.location.rawValue))"
        }
        var isStream = false
        if case .eventStream = operation.result { isStream = true }
        w.line(position.map { "list.append((\($0)," } ?? "list.append(")
        w.line("    RonOperationInfo(")
        w.line(
            "        operationId: \(SwiftLiteral.string(operation.operationId)), method: \(SwiftLiteral.string(operation.method)), path: \(SwiftLiteral.string(operation.path)),"
        )
        w.line(
            "        responseType: \(responseType), eventStream: \(isStream), origin: \(SwiftLiteral.string(operation.origin.description)),"
        )
        w.line("        parameters: [\(locations.isEmpty ? ":" : locations.joined(separator: ", "))],")
        w.line("        requiredParameters: [\(required.joined(separator: ", "))],")
        let server =
            operation.serverPath == "/app" ? "" : ", serverPath: \(SwiftLiteral.string(operation.serverPath))"
        w.line(
            "        examples: [\(examples.isEmpty ? ":" : examples.joined(separator: ", "))]\(server))\(position == nil ? "" : ")"))"
        )
    }

    static func exampleText(_ value: DocumentValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }
}
