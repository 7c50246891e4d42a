/// Where each type and call goes among the generated files: by a hash of its name, shared as the
/// compiler driver's runs of files want (its jobs known), and a large or middle-sized type by load.
extension SwiftRenderer {
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
        // Indexed loops, not `allSatisfy`, `reduce` and `enumerated()`: every type and call passes
        // here, and the generic versions were 2 % of a debug-built generator's run, all of it serial.
        guard let weights, weights.count == count else { return Int(hash % UInt64(count)) }
        var total = 0
        var file = 0
        while file < count {
            guard weights[file] >= 0 else { return Int(hash % UInt64(count)) }
            total += weights[file]
            file += 1
        }
        guard total > 0 else { return Int(hash % UInt64(count)) }
        var mixed = hash
        mixed = (mixed ^ (mixed >> 33)) &* 0xff51_afd7_ed55_8ccd
        mixed = (mixed ^ (mixed >> 33)) &* 0xc4ce_b9fe_1a85_ec53
        mixed ^= mixed >> 33
        var point = Int(mixed.multipliedFullWidth(by: UInt64(total)).high)
        file = 0
        while file < count {
            if point < weights[file] { return file }
            point -= weights[file]
            file += 1
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
