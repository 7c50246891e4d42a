/// The generated code in several files of about the same size, for a debug build to compile side by
/// side.
extension SwiftRenderer {
    /// The code in `count` files: `RonGenerated.swift`, then `RonGenerated+1.swift` …
    /// `RonGenerated+<count - 1>.swift`. A type's file follows from its name alone (but for a type
    /// of more than half a file's share, see ``placement(names:sizes:count:firstFileHolds:order:sources:weights:)``), and
    /// an operation's from its `operationId` (a stable hash), so changing one rewrites only its own
    /// file (adding or removing one, also the first, which holds the catalogs' heads). Each file
    /// also holds the catalog's entries of its own types; with `calls`, the calls of its operations
    /// and their entries of the operation catalog too. Every file is written, even one left empty.
    ///
    /// A debug build hands each compiler job a run of consecutive files, as many jobs as cores:
    /// files of one size make the jobs even, where a first file with both catalogs, or a separate
    /// file of calls, left one job with most of the work (BENCHMARKS.md, "The largest descriptions").
    ///
    /// With `types` false (`ron-codegen --operations --shards N`), the files hold only the calls and
    /// the operation catalog, named `RonOperations.swift`, `RonOperations+1.swift` …, for a target
    /// of their own beside the target of the types (``SwiftRenderer/Options/typesModule``): an edit
    /// of one operation then recompiles a module of calls, not the types.
    ///
    /// With ``Options/leadingEmptyFiles``, that many of the `count` files, the first in name order,
    /// hold nothing but the head of a file, and the code goes in the others as it would in that many
    /// fewer files.
    public func renderShards(_ model: SchemaModel, count: Int, calls: Bool = false, types: Bool = true) -> [(
        name: String, contents: String
    )] {
        let count = max(count, 1)
        let empty = types || options.callsParts.count < 2 ? options.leadingEmptyFiles : 0
        // Each file's place among the Swift files the compiler driver gets: the target's own first.
        let leading = min(max(options.leadingSources, 0), 10_000)
        let places = Self.nameOrder(Array(0..<count)).map { $0 + leading }
        guard empty > 0, empty < count else {
            let weights =
                types ? Self.driverWeights(order: places, sources: count + leading, jobs: options.driverJobs) : nil
            return renderHoldingShards(
                model, count: count, calls: calls, types: types, order: places, sources: count + leading,
                weights: weights)
        }
        let padding = Self.leadingEmptyFileIndices(count: count, empty: empty)
        let holding = (0..<count).filter { !padding.contains($0) }
        let stem = types ? "RonGenerated" : "RonOperations"
        let order = holding.map { places[$0] }
        let weights =
            types ? Self.driverWeights(order: order, sources: count + leading, jobs: options.driverJobs) : nil
        let rendered = renderHoldingShards(
            model, count: holding.count, calls: calls, types: types, order: order, sources: count + leading,
            weights: weights)
        var files = [(name: String, contents: String)?](repeating: nil, count: count)
        for (position, file) in rendered.enumerated() {
            files[holding[position]] = (Self.shardFileName(holding[position], stem: stem), file.contents)
        }
        let head = types ? header(for: model.documents, importingClient: false).text : operationsHeader(model).text
        for index in padding { files[index] = (Self.shardFileName(index, stem: stem), head) }
        return files.compactMap { $0 }
    }

    /// The files, of `count`, that hold no code when `empty` do: the first `empty` in name order
    /// (`RonGenerated+1.swift`, `RonGenerated+10.swift` … sort before `RonGenerated+2.swift`).
    /// SwiftPM hands a target's files to the compiler driver by name, and the driver's first job takes
    /// the first of them: empty, it ends at once, and the jobs with the code start side by side
    /// (BENCHMARKS.md, "The calls in parts").
    public static func leadingEmptyFileIndices(count: Int, empty: Int) -> Set<Int> {
        let places = nameOrder(Array(0..<max(count, 0)))
        let taken = max(0, min(empty, count - 1))
        return Set(places.indices.filter { places[$0] < taken })
    }

    /// Each of `files` (indices of shards), its place among them in name order: the order SwiftPM
    /// hands them to the compiler driver, which gives each job a run of consecutive ones.
    static func nameOrder(_ files: [Int]) -> [Int] {
        let byName = files.indices.sorted { shardFileName(files[$0]) < shardFileName(files[$1]) }
        var order = Array(repeating: 0, count: files.count)
        for (place, position) in byName.enumerated() { order[position] = place }
        return order
    }

    /// ``renderShards(_:count:calls:types:)`` with every file holding code; `order` is each file's
    /// place among the `sources` Swift files the compiler driver gets (``nameOrder(_:)``, after
    /// ``Options/leadingSources``); `weights`, each file's share of the types and calls placed by
    /// name (``driverWeights(order:sources:jobs:)``), or `nil` for even shares.
    private func renderHoldingShards(
        _ model: SchemaModel, count: Int, calls: Bool, types: Bool, order: [Int], sources: Int,
        weights: [Int]? = nil
    ) -> [(name: String, contents: String)] {
        guard types else { return renderOperationShards(model, count: count) }
        let renderer = knowing(model)
        let calls = calls && !model.operations.isEmpty
        var writers = (0..<count).map { _ in header(for: model.documents, importingClient: calls) }
        let types = model.types
        let rendered = ConcurrentWork.map(types.count) { index -> SourceWriter in
            var writer = SourceWriter()
            writer.line()
            renderer.render(types[index], into: &writer)
            return writer
        }
        let shards = Self.placement(
            names: model.types.map(\.name), sizes: rendered.map(\.text.utf8.count), count: count,
            firstFileHolds: catalogSize(model, count: count, weights: weights), order: order, sources: sources,
            weights: weights, jobs: options.driverJobs)
        var typesByShard = Array(repeating: [NamedType](), count: count)
        for (index, type) in model.types.enumerated() {
            typesByShard[shards[index]].append(type)
            writers[shards[index]].append(rendered[index])
        }
        for shard in 0..<count where !typesByShard[shard].isEmpty {
            renderMemberKey(typesByShard[shard], name: Self.memberKeyName(shard: shard), into: &writers[shard])
            writers[shard].line()
            renderCatalogEntries(typesByShard[shard], shard: shard, into: &writers[shard])
        }
        writers[0].line()
        renderCatalog(model, into: &writers[0], entriesByShard: typesByShard)
        if calls {
            renderShardedCalls(model, into: &writers, weights: weights)
        }
        return writers.enumerated().map { index, writer in
            (Self.shardFileName(index), Self.resolvingMemberKey(writer.text, name: Self.memberKeyName(shard: index)))
        }
    }

    /// The calls alone in `count` files (``renderShards(_:count:calls:types:)`` with `types` false).
    private func renderOperationShards(_ model: SchemaModel, count: Int) -> [(name: String, contents: String)] {
        var writers = (0..<count).map { _ in operationsHeader(model) }
        let parts = options.callsParts
        if parts.count > 1 {
            return renderCallsParts(model, count: count, into: &writers)
        }
        if !model.operations.isEmpty {
            renderShardedCalls(model, into: &writers)
            renderTypeAliases(model, into: &writers[0])
        }
        return writers.enumerated().map { index, writer in
            (Self.shardFileName(index, stem: "RonOperations"), writer.text)
        }
    }

    /// The types of the types module (``Options/typesModule``) under their own names in a module of
    /// calls, one `typealias` each: the calls' module also sees `RonGenerated` (its runtime, and
    /// through `RonAppSdkSwift`), whose own types (`Health`, `Hello`, `Item`, `Page` …) a description
    /// may name too (gotify's `Health`), and an imported type named twice is ambiguous. In the module
    /// that declares it, a type wins over an imported one; in a module of calls, its alias does.
    /// Public, as the calls' signatures name them; for an app that imports both modules the alias
    /// and the type are one type, so nothing becomes ambiguous there.
    func renderTypeAliases(_ model: SchemaModel, into w: inout SourceWriter) {
        // A type named like the module would take `\(module).` for itself: no aliases then. The
        // SDK's own calls (over RonGenerated, which RonAppSdkSwift re-exports) need none.
        guard let module = options.typesModule, module != "RonGenerated", !model.types.isEmpty,
            !model.types.contains(where: { $0.name == module })
        else { return }
        w.line()
        w.line("// The types of \(module) by their own names: RonGenerated may declare a type of the same name.")
        for type in model.types {
            w.line("/// `\(type.name)` of \(module).")
            w.line("public typealias \(type.name) = \(module).\(type.name)")
        }
    }

    /// Each operation's call in its file (by its `operationId`), the operation catalog's head and
    /// the security schemes in the first, each file's part of the catalog in it.
    private func renderShardedCalls(_ model: SchemaModel, into writers: inout [SourceWriter], weights: [Int]? = nil) {
        let count = writers.count
        renderCallsByShard(model, into: &writers, weights: weights)
        writers[0].line()
        renderShardedOperationCatalog(model, count: count, weights: weights, into: &writers[0])
        renderSecurity(model, into: &writers[0])
        let chunks = Self.shardedOperationChunks(model, count: count, weights: weights)
        for shard in 0..<count {
            renderShardedOperationCatalogChunks(chunks, shard: shard, of: model, into: &writers[shard])
        }
    }

    /// Each operation's call in its file, by its `operationId` (and the files' `weights`, if any).
    func renderCallsByShard(_ model: SchemaModel, into writers: inout [SourceWriter], weights: [Int]? = nil) {
        let count = writers.count
        var operationsByShard = Array(repeating: [Operation](), count: count)
        for operation in model.operations {
            operationsByShard[Self.shard(of: operation.operationId, count: count, weights: weights)].append(operation)
        }
        // Each file's calls on their own, on every core (``ConcurrentWork``), then in their files.
        let byShard = operationsByShard
        let calls = ConcurrentWork.map(count) { shard in
            var writer = SourceWriter()
            if !byShard[shard].isEmpty { renderCalls(byShard[shard], into: &writer) }
            return writer
        }
        for shard in 0..<count { writers[shard].append(calls[shard]) }
    }

    /// The head of a file of calls in a module of their own: Foundation is imported by the names
    /// the calls use, so a type of the types module named like one of Foundation's (a
    /// `Notification`) is not ambiguous there, as it is not in the module that declares it.
    func operationsHeader(_ model: SchemaModel) -> SourceWriter {
        var writer = operationsComment(model)
        writer.line()
        for declaration in Self.foundationNamesOfCalls {
            writer.line("import \(declaration)")
        }
        for module in [options.runtimeModule, options.typesModule, options.clientModule].compactMap({ $0 }) {
            writer.line("import \(module)")
        }
        return writer
    }

    /// What the calls name of Foundation (every one is a reserved type name, ``Naming``).
    static let foundationNamesOfCalls = [
        "struct Foundation.Data", "struct Foundation.Date", "struct Foundation.Decimal", "struct Foundation.URL",
        "struct Foundation.URLQueryItem", "struct Foundation.UUID", "class Foundation.JSONDecoder",
        "class Foundation.JSONEncoder",
    ]

    /// The bytes of the catalogs the first file holds, as placed by name.
    private func catalogSize(_ model: SchemaModel, count: Int, weights: [Int]? = nil) -> Int {
        var byName = Array(repeating: [NamedType](), count: count)
        for type in model.types { byName[Self.shard(of: type.name, count: count, weights: weights)].append(type) }
        var writer = SourceWriter()
        renderCatalog(model, into: &writer, entriesByShard: byName)
        return writer.text.utf8.count
    }

    /// The name of shard `index`: `RonGenerated.swift` for the first, `RonGenerated+<index>.swift`
    /// for the others.
    public static func shardFileName(_ index: Int) -> String {
        shardFileName(index, stem: "RonGenerated")
    }

    /// The name of shard `index` of files named after `stem`: `<stem>.swift`, `<stem>+<index>.swift`.
    public static func shardFileName(_ index: Int, stem: String) -> String {
        index == 0 ? "\(stem).swift" : "\(stem)+\(index).swift"
    }
}
