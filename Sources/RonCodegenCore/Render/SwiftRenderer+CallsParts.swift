/// The calls of one schema in several modules built side by side (``SwiftRenderer/Options/callsParts``):
/// each part holds a run of consecutive files of calls, and a front module that imports every part
/// holds what spans them, the operation catalog and the security schemes.
///
/// A debug build of one module of calls runs its compiler jobs side by side only when the driver
/// starts the second as the module's own job ends; on two cores it often did not, and the calls of
/// the largest description took twice as long (BENCHMARKS.md, "The calls in parts"). Two modules
/// are two drivers, built at once.
extension SwiftRenderer {
    /// The file of the front module: the operation catalog over every part and the public security
    /// schemes and credentials.
    public static let callsFrontFileName = "RonOperationsFront.swift"

    /// The part (from 0) whose module holds file `shard` of `count`: each part a run of consecutive
    /// files, their number differing by one at most. `parts` is at most `count`.
    public static func callsPart(ofShard shard: Int, count: Int, parts: Int) -> Int {
        shard * parts / count
    }

    /// The names of the files part `part` of `parts` writes, of `count` files of calls.
    public static func callsPartFileNames(part: Int, parts: Int, count: Int) -> [String] {
        (0..<count).filter { callsPart(ofShard: $0, count: count, parts: parts) == part }.map {
            shardFileName($0, stem: "RonOperations")
        }
    }

    /// The name of part `part`'s share of the operation catalog (`RonOperationCatalogPart1` …), which
    /// the front's catalog reads.
    static func callsPartCatalogName(_ part: Int) -> String {
        "RonOperationCatalogPart\(part + 1)"
    }

    /// Every file of every part, then the front's (``callsFrontFileName``): each operation's call in
    /// its file, as in one module; in each part's first file, its share of the catalog and its own
    /// copy of the security schemes its calls name.
    func renderCallsParts(_ model: SchemaModel, count: Int, into writers: inout [SourceWriter]) -> [(
        name: String, contents: String
    )] {
        let parts = options.callsParts.count
        renderCallsByShard(model, into: &writers)
        let chunks = Self.shardedOperationChunks(model, count: count)
        for part in 0..<parts {
            let shards = (0..<count).filter { Self.callsPart(ofShard: $0, count: count, parts: parts) == part }
            guard let first = shards.first else { continue }
            let name = Self.callsPartCatalogName(part)
            writers[first].line()
            renderCallsPartCatalog(model, part: part, count: count, into: &writers[first])
            renderSecurity(model, into: &writers[first], inPart: true)
            renderTypeAliases(model, into: &writers[first])
            for shard in shards {
                renderShardedOperationCatalogChunks(
                    chunks, shard: shard, of: model, into: &writers[shard], extending: name)
            }
        }
        var files = writers.enumerated().map { index, writer in
            (name: Self.shardFileName(index, stem: "RonOperations"), contents: writer.text)
        }
        var front = operationsHeader(model)
        for module in options.callsParts { front.line("import \(module)") }
        front.line()
        front.line("/// Every operation of the schema, for tools (`ron drift`) and tests.")
        front.block("public enum \(options.operationCatalogName)") { w in
            w.line("/// The operations in document order, from every module of calls.")
            w.line("public static let operations: [RonOperationInfo] = {")
            w.line("    var list: [(Int, RonOperationInfo)] = []")
            w.line("    list.reserveCapacity(\(model.operations.count))")
            for part in 0..<parts { w.line("    \(Self.callsPartCatalogName(part)).append(to: &list)") }
            w.line("    return list.sorted { $0.0 < $1.0 }.map { $0.1 }")
            w.line("}()")
        }
        renderSecurity(model, into: &front)
        files.append((Self.callsFrontFileName, front.text))
        return files
    }

    /// Part `part`'s share of the operation catalog: public, as the front module reads it, and
    /// named after the part, as the front imports them all.
    private func renderCallsPartCatalog(_ model: SchemaModel, part: Int, count: Int, into w: inout SourceWriter) {
        let parts = options.callsParts.count
        let chunks = Self.shardedOperationChunks(model, count: count).filter {
            Self.callsPart(ofShard: $0.shard, count: count, parts: parts) == part
        }
        w.line("/// This module's operations, for `\(options.operationCatalogName)` of the module that imports")
        w.line("/// every module of these calls; use that catalog instead.")
        w.block("public enum \(Self.callsPartCatalogName(part))") { w in
            w.line("/// Appends this module's operations, each with its place in the document.")
            w.block("public static func append(to list: inout [(Int, RonOperationInfo)])") { w in
                for chunk in chunks { w.line("appendOperations\(chunk.shard)_\(chunk.index)(to: &list)") }
            }
        }
    }
}
