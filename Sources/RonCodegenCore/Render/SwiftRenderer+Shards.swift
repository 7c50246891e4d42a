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

    /// The shard of each type: by its name (``shard(of:count:weights:)``), except a type larger than half a
    /// file's share (and than ``largeTypeBytes``), which is placed by load once the others are, the
    /// largest first. One struct of hundreds of members can be a sixth of a schema's code; by name it
    /// could land beside the catalogs or another such struct and leave one compiler job with most of
    /// the work. `firstFileHolds` is the catalogs' size.
    ///
    /// The load that counts is a compiler job's, not a file's: a debug build gives each job a run of
    /// consecutive files of the `sources` Swift files SwiftPM lists (the target's own first, then
    /// these in name order; `order` is each of these files' place among them, by default the names'
    /// order of `0..<count` with `sources` equal to `count`), two runs on two cores, more on more.
    /// So a large type goes to the lighter half of them, within it to the lighter quarter, and so on
    /// down to the lightest file: two such structs land in different halves, where the lightest file
    /// each could leave them in one job's run (open-meteo's two of 205 KB each: one job 5.5 s, the
    /// other 2.2 s; BENCHMARKS.md, "Large types by the compiler's runs").
    ///
    /// With `weights` for the driver's `jobs` (``driverWeights(order:sources:jobs:)``), the first
    /// choice is among the driver's own runs (three on two jobs when the first is empty, which halves
    /// would cut across), each run's load against its share; and a type of ``middleTypeBytes`` or
    /// more (and half a file's share) takes a run too, its file in it by its name.
    static func placement(
        names: [String], sizes: [Int], count: Int, firstFileHolds: Int, order: [Int]? = nil, sources: Int? = nil,
        weights: [Int]? = nil, jobs: Int = 0
    ) -> [Int] {
        let order = order ?? nameOrder(Array(0..<count))
        let sources = max(sources ?? count, (order.max() ?? 0) + 1)
        let share = (sizes.reduce(0, +) + firstFileHolds) / count
        let driver = weights != nil && jobs >= 2 && sources >= jobs ? driverRuns(sources: sources, jobs: jobs) : nil
        let isLarge = { (index: Int) in sizes[index] > max(share / 2, Self.largeTypeBytes) }
        let isMiddle = { (index: Int) in
            driver != nil && !isLarge(index) && sizes[index] > max(share / 2, Self.middleTypeBytes)
        }
        var load = Array(repeating: 0, count: count)
        load[0] = firstFileHolds
        var shards = names.map { shard(of: $0, count: count, weights: weights) }
        for index in names.indices where !isLarge(index) && !isMiddle(index) { load[shards[index]] += sizes[index] }
        let bySize = { (first: Int, second: Int) in
            sizes[first] > sizes[second] || (sizes[first] == sizes[second] && first < second)
        }
        let large = names.indices.filter(isLarge).sorted(by: bySize)
        let middle = names.indices.filter(isMiddle).sorted(by: bySize)
        // The runs: the driver's own (with weights), then halves, quarters … of the sources, down to
        // runs of one file; each level a count of runs and the run of a place.
        var levels = [(count: Int, run: (Int) -> Int)]()
        if let driver { levels.append(driver) }
        var runs = 2
        while runs < sources {
            let parts = runs
            levels.append((parts, { $0 * parts / sources }))
            runs *= 2
        }
        levels.append((sources, { $0 }))
        // With weights, a run's load counts against its share: a run meant to be lighter is not the
        // lighter for it.
        let capacity = weights.map { weights in weights.map { max($0, 1) } }
        func runLoads(_ level: (count: Int, run: (Int) -> Int)) -> [Double] {
            var loads = Array(repeating: 0.0, count: level.count)
            var shares = Array(repeating: 0.0, count: level.count)
            for file in 0..<count {
                loads[level.run(order[file])] += Double(load[file])
                shares[level.run(order[file])] += Double(capacity?[file] ?? 1)
            }
            return capacity == nil ? loads : zip(loads, shares).map { $0 / max($1, 1) }
        }
        for index in large {
            let loads = levels.map(runLoads)
            // The file whose runs are the lightest, the driver's or the halves first; then its own
            // load and index.
            let key = { (file: Int) in levels.indices.map { loads[$0][levels[$0].run(order[file])] } }
            let lightest =
                (0..<count).min { first, second in
                    let (a, b) = (key(first), key(second))
                    return a == b ? first < second : a.lexicographicallyPrecedes(b)
                } ?? 0
            shards[index] = lightest
            load[lightest] += sizes[index]
        }
        // The middle-sized types, the largest first: each to the driver's run that weighs least for
        // its share with it, and in it to the file its name picks. Their sizes count by their three
        // leading bits, the rest of each run in steps, so an edit of one type moves another only
        // when it crosses such a step or a type comes or goes (none of 120 edits of the published
        // descriptions' types did; BENCHMARKS.md, "The driver's pipes").
        if let driver, let weights {
            let rounded = { (index: Int) -> Int in
                let shift = max(0, Int.bitWidth - 3 - sizes[index].leadingZeroBitCount)
                return (sizes[index] >> shift) << shift
            }
            var runShares = Array(repeating: 0.0, count: driver.count)
            for file in 0..<count { runShares[driver.run(order[file])] += Double(max(weights[file], 1)) }
            let holding = (0..<driver.count).filter { runShares[$0] > 0 }
            // What the others put in each run, in steps of a thirty-second of the whole: an edit moves
            // it a step only when it crosses one.
            let step = max(1, (sizes.reduce(0, +) + firstFileHolds) / 32)
            var middleLoads = Array(repeating: 0.0, count: driver.count)
            for file in 0..<count { middleLoads[driver.run(order[file])] += Double(load[file]) }
            middleLoads = middleLoads.map { (Double(Int($0) / step * step)) }
            let byRoundedSize = middle.sorted {
                (rounded($0), names[$1]) > (rounded($1), names[$0])
            }
            for index in byRoundedSize {
                let weight = { (run: Int) in (middleLoads[run] + Double(rounded(index))) / runShares[run] }
                let run = holding.min { weight($0) == weight($1) ? $0 < $1 : weight($0) < weight($1) } ?? 0
                middleLoads[run] += Double(rounded(index))
                let files = (0..<count).filter { driver.run(order[$0]) == run }
                shards[index] = files[shard(of: names[index], count: files.count, weights: files.map { weights[$0] })]
            }
        }
        return shards
    }

    /// The size from which a type may be placed by size instead of by name: below it, no type
    /// tips a file's compile time enough to be worth a file that moves with the others.
    static let largeTypeBytes = 100_000

    /// The size from which, with the driver's runs known, a type (of more than half a file's share)
    /// takes the run lightest for its share, its file in the run still by its name. By name alone, a
    /// few types of 40-60 kB decided the runs: over the 46 published descriptions under 2 MB, laid
    /// out as on two jobs, the second run's share of the bytes was off its 0.52 by 0.043 (root mean
    /// square; up to 0.114); by 0.021 (up to 0.078) with these placed by load
    /// (BENCHMARKS.md, "The driver's pipes").
    static let middleTypeBytes = 10_000

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

    /// The shard of a type or an operation: FNV-1a of its name, so it never depends on the others.
    /// With `weights` (one per file), each file takes that share of the names: the hash, mixed
    /// (FNV-1a's high bits hardly differ between names that differ in their last letter, and its
    /// remainder by a number not a power of two follows them in runs), picks a point of their sum,
    /// and the file whose span holds it.
    static func shard(of name: String, count: Int, weights: [Int]? = nil) -> Int {
        var name = name
        let hash = name.withUTF8 { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            var position = 0
            while position < bytes.count {
                hash = (hash ^ UInt64(bytes[position])) &* 0x0000_0100_0000_01b3
                position += 1
            }
            return hash
        }
        guard let weights, weights.count == count, weights.allSatisfy({ $0 >= 0 }),
            case let total = weights.reduce(0, +), total > 0
        else { return Int(hash % UInt64(count)) }
        var mixed = hash
        mixed = (mixed ^ (mixed >> 33)) &* 0xff51_afd7_ed55_8ccd
        mixed = (mixed ^ (mixed >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        mixed ^= mixed >> 33
        var point = Int(mixed.multipliedFullWidth(by: UInt64(total)).high)
        for (file, weight) in weights.enumerated() {
            if point < weight { return file }
            point -= weight
        }
        return count - 1
    }

    /// swift-driver's runs of the `sources` files of a debug build on `jobs` jobs (at least one
    /// file per job): at most 25 files each, at least as many as jobs, consecutive, the first
    /// `sources % runs` of them one file longer; and the run of each place among the sources.
    static func driverRuns(sources: Int, jobs: Int) -> (count: Int, run: @Sendable (Int) -> Int) {
        let runs = max(max(jobs, 1), (sources + 24) / 25)
        let length = max(sources / runs, 1)
        let longer = sources % runs
        return (
            runs,
            { place in
                place < longer * (length + 1) ? place / (length + 1) : longer + (place - longer * (length + 1)) / length
            }
        )
    }

    /// Each file's share of the code placed by name, when a debug build's compiler driver runs
    /// `jobs` jobs at once (SwiftPM passes it the machine's cores), or `nil` for even shares.
    ///
    /// The driver starts the module's own job (`-emit-module`) beside the first runs of files, and
    /// the last run when a job ends: on two cores, the second run starts when the module job has
    /// ended. Even files leave that run ending last by the module job's time, about a tenth of the
    /// code's (BENCHMARKS.md, "The last run of files"). So the runs but the last take eleven parts
    /// each and the last eleven less the number of runs (never below none), shared among each
    /// run's files: two runs, 55 and 45 percent. `order` is each file holding code's place among the
    /// `sources` files (the target's own first, then the generated ones by name, empty ones
    /// included).
    ///
    /// Two jobs over three runs whose first holds none of these files (a layout of leading empty
    /// files, ``leadingEmptyFileIndices(count:empty:)``): the first run's job ends at once and the
    /// second run starts beside the module job, the third when the module job ends; the second
    /// takes thirteen parts, the third twelve (Launchdarkly's code, 2.8 MB: 30.95 s where even
    /// files took 32.58 s; BENCHMARKS.md, "The driver's pipes"). Else, only when the driver makes
    /// exactly `jobs` runs and each holds some of these files; otherwise, or with fewer than two
    /// jobs, `nil`.
    static func driverWeights(order: [Int], sources: Int, jobs: Int) -> [Int]? {
        guard jobs >= 2, jobs <= 1024, !order.isEmpty, sources >= jobs,
            order.allSatisfy({ (0..<sources).contains($0) })
        else { return nil }
        let (runs, run) = driverRuns(sources: sources, jobs: jobs)
        var files = Array(repeating: 0, count: runs)
        for place in order { files[run(place)] += 1 }
        if jobs == 2, runs == 3, files[0] == 0, files[1] > 0, files[2] > 0 {
            return order.map { place in run(place) == 1 ? 13 * 720_720 / files[1] : 12 * 720_720 / files[2] }
        }
        guard runs == jobs, files.allSatisfy({ $0 > 0 }) else { return nil }
        // A large multiple of the parts (720720 divides by every count up to 16), so sharing them
        // among a run's files rounds off a negligible remainder.
        return order.map { place in
            let parts = run(place) == runs - 1 ? max(0, 11 - jobs) : 11
            return parts * 720_720 / files[run(place)]
        }
    }
}
