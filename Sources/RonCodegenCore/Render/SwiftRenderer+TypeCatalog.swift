import Foundation

/// `RonSchemaCatalog`: every named type of the schema by its schema name.
extension SwiftRenderer {
    /// Renders the catalog. Its table is filled by statements, `catalogChunk` a function: a `switch`
    /// of one case per type, for `origin(of:)` and for `reencode`, was one function of thousands of
    /// blocks that took half of a large description's debug-build memory (BENCHMARKS.md, "The
    /// largest descriptions").
    ///
    /// With `entriesByShard`, the functions that fill the table are left to
    /// ``renderCatalogEntries(_:shard:into:)`` in the file of each shard.
    func renderCatalog(_ model: SchemaModel, into writer: inout SourceWriter, entriesByShard: [[NamedType]]? = nil) {
        writer.line("/// Every named type of the schema, for tools and the drift tests (`RonFixtures.verify`).")
        writer.block("public enum \(options.catalogName): RonTypeCatalog") { w in
            w.line("/// The schema names of all generated types, in document order.")
            w.line("public static let typeNames: [String] = [")
            for type in model.types {
                w.line("    \(SwiftLiteral.string(type.name)),")
            }
            w.line("]")
            w.line()
            w.line("/// Where a type was defined (`file#/$defs/Name`), or `nil` for an unknown name.")
            w.block("public static func origin(of typeName: String) -> String?") { w in
                w.line("entries[typeName]?.origin")
            }
            w.line()
            w.line("/// Decodes `json` as the named type and encodes it again; `nil` for an unknown name.")
            w.line("/// A generic type is decoded with `JSONValue` for each type parameter.")
            w.block("public static func reencode(_ json: Data, as typeName: String) throws -> Data?") { w in
                w.line("try entries[typeName]?.reencode(json)")
            }
            // Beside the catalog, or in the shards that hold the types.
            let functions =
                entriesByShard.map { shards in
                    shards.indices.flatMap { shard in
                        Self.typeChunks(shards[shard]).indices.map { "addEntries\(shard)_\($0)" }
                    }
                } ?? Self.typeChunks(model.types).indices.map { "addEntries\($0)" }
            w.line()
            w.line("/// Every type by its schema name.")
            w.line("private static let entries: [String: RonTypeCatalogEntry] = {")
            w.line("    var entries: [String: RonTypeCatalogEntry] = [:]")
            w.line("    entries.reserveCapacity(\(model.types.count))")
            for function in functions { w.line("    \(function)(to: &entries)") }
            w.line("    return entries")
            w.line("}()")
            guard entriesByShard == nil else { return }
            for (index, chunk) in Self.typeChunks(model.types).enumerated() {
                w.line()
                renderEntries(chunk, function: "private static func addEntries\(index)", into: &w)
            }
        }
    }

    /// The fill functions of the types of `shard`, as an extension of the catalog.
    func renderCatalogEntries(_ types: [NamedType], shard: Int, into writer: inout SourceWriter) {
        guard !types.isEmpty else { return }
        writer.block("extension \(options.catalogName)") { w in
            for (index, chunk) in Self.typeChunks(types).enumerated() {
                if index > 0 { w.line() }
                renderEntries(chunk, function: "static func addEntries\(shard)_\(index)", into: &w)
            }
        }
    }

    private func renderEntries(_ types: [NamedType], function: String, into w: inout SourceWriter) {
        w.block("\(function)(to entries: inout [String: RonTypeCatalogEntry])") { w in
            for type in types {
                w.line(
                    "entries[\(SwiftLiteral.string(type.name))] = RonTypeCatalogEntry(\(concreteSpelling(type)).self, origin: \(SwiftLiteral.string(type.origin.description)))"
                )
            }
        }
    }

    /// `types` in runs of ``catalogChunk``.
    static func typeChunks(_ types: [NamedType]) -> [[NamedType]] {
        stride(from: 0, to: types.count, by: catalogChunk).map {
            Array(types[$0..<min($0 + catalogChunk, types.count)])
        }
    }

    /// A type as the catalog names it: a generic one with `JSONValue` for each type parameter.
    private func concreteSpelling(_ type: NamedType) -> String {
        if case .structure(let parameters, _) = type.shape, !parameters.isEmpty {
            return "\(type.name)<\(parameters.map { _ in "JSONValue" }.joined(separator: ", "))>"
        }
        return type.name
    }
}
