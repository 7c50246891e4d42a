/// The generated code in several files of about the same size, for a debug build to compile side by
/// side.
extension SwiftRenderer {
    /// The code in `count` files: `RonGenerated.swift`, then `RonGenerated+1.swift` …
    /// `RonGenerated+<count - 1>.swift`. A type's file follows from its name alone, and an
    /// operation's from its `operationId` (a stable hash), so adding or changing one rewrites only
    /// its own file and the first, which holds the catalogs. Each file also holds the catalog's
    /// entries of its own types; with `calls`, the calls of its operations too (and the first the
    /// operation catalog's head, its fill functions spread over the files in turn). Every file is
    /// written, even one left empty.
    ///
    /// A debug build hands each compiler job a run of consecutive files, as many jobs as cores:
    /// files of one size make the jobs even, where a first file with both catalogs, or a separate
    /// file of calls, left one job with most of the work (BENCHMARKS.md, "The largest descriptions").
    public func renderShards(_ model: SchemaModel, count: Int, calls: Bool = false) -> [(
        name: String, contents: String
    )] {
        let count = max(count, 1)
        let renderer = knowing(model)
        let calls = calls && !model.operations.isEmpty
        var writers = (0..<count).map { _ in header(for: model.documents, importingClient: calls) }
        var typesByShard = Array(repeating: [NamedType](), count: count)
        for type in model.types {
            let shard = Self.shard(of: type.name, count: count)
            typesByShard[shard].append(type)
            writers[shard].line()
            renderer.render(type, into: &writers[shard])
        }
        for shard in 0..<count where !typesByShard[shard].isEmpty {
            writers[shard].line()
            renderCatalogEntries(typesByShard[shard], shard: shard, into: &writers[shard])
        }
        writers[0].line()
        renderCatalog(model, into: &writers[0], entriesByShard: typesByShard)
        if calls {
            var operationsByShard = Array(repeating: [Operation](), count: count)
            for operation in model.operations {
                operationsByShard[Self.shard(of: operation.operationId, count: count)].append(operation)
            }
            for shard in 0..<count where !operationsByShard[shard].isEmpty {
                renderCalls(operationsByShard[shard], into: &writers[shard])
            }
            writers[0].line()
            renderOperationCatalog(model, into: &writers[0], chunksElsewhere: true)
            for index in Self.operationChunks(model).indices {
                writers[index % count].line()
                renderOperationCatalogChunk(index, of: model, into: &writers[index % count])
            }
        }
        return writers.enumerated().map { index, writer in
            (Self.shardFileName(index), writer.text)
        }
    }

    /// The name of shard `index`: `RonGenerated.swift` for the first, `RonGenerated+<index>.swift`
    /// for the others.
    public static func shardFileName(_ index: Int) -> String {
        index == 0 ? "RonGenerated.swift" : "RonGenerated+\(index).swift"
    }

    /// The shard of a type or an operation: FNV-1a of its name, so it never depends on the others.
    static func shard(of name: String, count: Int) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count))
    }
}
