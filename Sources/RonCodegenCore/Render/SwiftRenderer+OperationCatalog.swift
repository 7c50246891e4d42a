import Foundation

/// `RonOperationCatalog`: every operation of the schema.
extension SwiftRenderer {
    /// The operations a catalog function appends: statements the compiler checks one by one, where
    /// one array literal of every operation made the type checker of a 1,000-operation description
    /// take a minute and 14 GB (BENCHMARKS.md, "Where the compiler's time goes").
    static let catalogChunk = 50

    /// Renders the catalog. With `chunksElsewhere`, its fill functions are left to
    /// ``renderOperationCatalogChunk(_:of:into:)`` (another file of the same module).
    func renderOperationCatalog(_ model: SchemaModel, into w: inout SourceWriter, chunksElsewhere: Bool = false) {
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
            guard !chunksElsewhere else { return }
            for (index, chunk) in chunks.enumerated() {
                w.line("")
                w.block("private static func appendOperations\(index)(to list: inout [RonOperationInfo])") { w in
                    for operation in chunk { renderCatalogEntry(operation, into: &w) }
                }
            }
        }
    }

    /// Fill function `index` of the catalog, as an extension of it.
    func renderOperationCatalogChunk(_ index: Int, of model: SchemaModel, into w: inout SourceWriter) {
        w.block("extension \(options.operationCatalogName)") { w in
            w.block("static func appendOperations\(index)(to list: inout [RonOperationInfo])") { w in
                for operation in Self.operationChunks(model)[index] { renderCatalogEntry(operation, into: &w) }
            }
        }
    }

    /// The operations in runs of ``catalogChunk``, in document order.
    static func operationChunks(_ model: SchemaModel) -> [[Operation]] {
        stride(from: 0, to: model.operations.count, by: catalogChunk).map {
            Array(model.operations[$0..<min($0 + catalogChunk, model.operations.count)])
        }
    }

    private func renderCatalogEntry(_ operation: Operation, into w: inout SourceWriter) {
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
        w.line("list.append(")
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
        w.line("        examples: [\(examples.isEmpty ? ":" : examples.joined(separator: ", "))]\(server)))")
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
