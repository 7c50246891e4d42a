import Foundation
import Testing

@testable import RonCodegenCore

/// The types spread over several files (`ron-codegen --shards`, what the build plugin uses).
@Suite("Generated types in several files")
struct ShardTests {
    private func model(_ names: [String]) throws -> SchemaModel {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let definitions = names.map { #""\#($0)": {"type": "object", "properties": {"n": {"type": "string"}}}"# }
        try Data(#"{"$defs": {\#(definitions.joined(separator: ", "))}}"#.utf8).write(
            to: folder.appending(path: "a.schema.json"))
        return try CodeGenerator().model(schemaDirectory: folder)
    }

    private func shardOf(_ name: String, in files: [(name: String, contents: String)]) -> String? {
        files.first { $0.contents.contains("public struct \(name): ") }?.name
    }

    @Test("the shards hold exactly the single file's declarations")
    func sameDeclarations() throws {
        let model = try model((0..<30).map { "Kind\($0)" })
        let single = CodeGenerator().files(for: model, split: false, output: .types)
        let shards = CodeGenerator().files(for: model, split: false, output: .types, shards: 5)
        #expect(shards.map(\.name) == (0..<5).map(SwiftRenderer.shardFileName))
        let declarations = { (text: String) in
            text.split(separator: "\n").filter { $0.hasPrefix("public ") }.map(String.init)
        }
        #expect(
            shards.flatMap { declarations($0.contents) }.sorted() == declarations(single[0].contents).sorted())
        #expect(shards.filter { $0.contents.contains("enum RonSchemaCatalog") }.map(\.name) == ["RonGenerated.swift"])
    }

    @Test("a type's file depends on its name only, so a new type leaves the others where they were")
    func stablePlacement() throws {
        let before = CodeGenerator().files(
            for: try model(["Alpha", "Beta", "Gamma"]), split: false, output: .types, shards: 8)
        let after = CodeGenerator().files(
            for: try model(["Alpha", "Beta", "Gamma", "Delta"]), split: false, output: .types, shards: 8)
        for name in ["Alpha", "Beta", "Gamma"] {
            #expect(shardOf(name, in: before) != nil)
            #expect(shardOf(name, in: before) == shardOf(name, in: after))
        }
        // Only Delta's file and the catalog's change.
        let changed = zip(before, after).filter { $0.contents != $1.contents }.map(\.0.name)
        let expected = Set([shardOf("Delta", in: after)!, "RonGenerated.swift"])
        #expect(Set(changed) == expected)
    }

    @Test("a type of more than half a file's share goes to the file with the least code; the others by name")
    func largeTypesBalanceTheFiles() {
        let names = (0..<40).map { "Small\($0)" } + ["HugeA", "HugeB"]
        let sizes = Array(repeating: 20_000, count: 40) + [600_000, 500_000]
        let shards = SwiftRenderer.placement(names: names, sizes: sizes, count: 8, firstFileHolds: 300_000)
        // The small ones by name, as without the large ones.
        for (index, name) in names.prefix(40).enumerated() {
            #expect(shards[index] == SwiftRenderer.shard(of: name, count: 8), "\(name)")
        }
        // The large ones apart, neither with the catalogs.
        #expect(shards[40] != shards[41])
        #expect(shards[40] != 0 && shards[41] != 0)
        var load = Array(repeating: 0, count: 8)
        load[0] = 300_000
        for (index, shard) in shards.enumerated() { load[shard] += sizes[index] }
        // Without the rule, the heaviest file would hold at least the largest type and what its name
        // brought; with it, each large type sits on a file that held only its share of small ones.
        let smallOnly = load.enumerated().filter { ![shards[40], shards[41]].contains($0.offset) }.map(\.element)
        #expect(load[shards[40]] - 600_000 <= smallOnly.min()! + 20_000)
        // Under the size floor, nothing moves whatever its share.
        let few = SwiftRenderer.placement(
            names: ["A", "B"], sizes: [SwiftRenderer.largeTypeBytes - 1, 10], count: 8, firstFileHolds: 0)
        #expect(few == [SwiftRenderer.shard(of: "A", count: 8), SwiftRenderer.shard(of: "B", count: 8)])
    }

    @Test("large types go to the lighter run of files in name order: two never share a job's half")
    func largeTypesBalanceTheDriversRuns() {
        // No small types: every file is empty, so the lightest file alone would be the first two.
        let two = SwiftRenderer.placement(
            names: ["HugeA", "HugeB"], sizes: [500_000, 500_000], count: 8, firstFileHolds: 0, order: Array(0..<8))
        #expect(two == [0, 4])
        // Four: one in each quarter.
        let four = SwiftRenderer.placement(
            names: ["A", "B", "C", "D"], sizes: [400_000, 400_000, 400_000, 400_000], count: 8, firstFileHolds: 0,
            order: Array(0..<8))
        #expect(Set(four.map { $0 / 2 }) == [0, 1, 2, 3])
        // As the plugin writes them: 32 files, placed in SwiftPM's order (by name), small types by name.
        let names = (0..<60).map { "Small\($0)" } + ["HourlyA", "HourlyB"]
        let sizes = Array(repeating: 15_000, count: 60) + [205_000, 210_000]
        let order = SwiftRenderer.nameOrder(Array(0..<32))
        let shards = SwiftRenderer.placement(names: names, sizes: sizes, count: 32, firstFileHolds: 20_000)
        for (index, name) in names.prefix(60).enumerated() {
            #expect(shards[index] == SwiftRenderer.shard(of: name, count: 32), "\(name)")
        }
        #expect(order[shards[60]] / 16 != order[shards[61]] / 16)
        var halves = [0, 0]
        halves[order[0] / 16] += 20_000
        for (index, shard) in shards.enumerated() { halves[order[shard] / 16] += sizes[index] }
        // Each half holds one large type; what is left between them is the small types' spread.
        #expect(abs(halves[0] - halves[1]) < 205_000)
        // The name order: RonGenerated+1, +10 … +19, +2, +20 … +9, then RonGenerated.swift last.
        #expect(order[1] == 0 && order[10] == 1 && order[2] == 11 && order[0] == 31)
    }

    @Test("the target's own files shift the driver's runs: large types are placed by the runs they make")
    func largeTypesCountTheTargetsOwnFiles() throws {
        // Six files of the target's own before eight generated ones: the first half of the fourteen is
        // the six and RonGenerated+1 (the first by name); the second half, the other seven.
        let shifted = SwiftRenderer.placement(
            names: ["HugeA", "HugeB"], sizes: [500_000, 500_000], count: 8, firstFileHolds: 0,
            order: (0..<8).map { $0 + 6 }, sources: 14)
        #expect(shifted == [0, 1])
        // Through the generator: two structs of 400 members each (over 100 kB of Swift apiece).
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-shards-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let members = (0..<400).map { #""member\#($0)": {"type": "array", "items": {"type": "number"}}"# }
        let big = #"{"type": "object", "properties": {\#(members.joined(separator: ", "))}}"#
        let small = (0..<6).map { #""Small\#($0)": {"type": "object", "properties": {"n": {"type": "string"}}}"# }
        try Data(#"{"$defs": {"HourlyA": \#(big), "HourlyB": \#(big), \#(small.joined(separator: ", "))}}"#.utf8)
            .write(to: folder.appending(path: "a.schema.json"))
        let model = try CodeGenerator().model(schemaDirectory: folder)
        var generator = CodeGenerator()
        generator.options.leadingSources = 6
        let files = generator.files(for: model, split: false, output: .types, shards: 8)
        let holders = Set(["HourlyA", "HourlyB"].compactMap { shardOf($0, in: files) })
        #expect(holders.count == 2)
        #expect(holders.contains("RonGenerated+1.swift"), "\(holders)")
        // Without them, the halves are four files each: RonGenerated+1 … +4, then +5 … +7 and the first.
        let plain = CodeGenerator().files(for: model, split: false, output: .types, shards: 8)
        let plainHolders = ["HourlyA", "HourlyB"].compactMap { shardOf($0, in: plain) }
        let firstHalf = (1...4).map { "RonGenerated+\($0).swift" }
        #expect(plainHolders.filter(firstHalf.contains).count == 1, "\(plainHolders)")
    }

    @Test("with the driver's jobs known, the last run of files takes less by the module job's share")
    func sharesForTheDriversRuns() throws {
        // Two jobs, the target's two files before 32 generated ones: runs of 17 sources each, the
        // first holding 15 generated files (RonGenerated+1 … by name), the last 17.
        let order = SwiftRenderer.nameOrder(Array(0..<32)).map { $0 + 2 }
        let weights = try #require(SwiftRenderer.driverWeights(order: order, sources: 34, jobs: 2))
        let first = (0..<32).filter { order[$0] < 17 }
        #expect(first.count == 15)
        let share = { (files: [Int], weights: [Int]) in
            Double(files.map { weights[$0] }.reduce(0, +)) / Double(weights.reduce(0, +))
        }
        #expect(abs(share(first, weights) - 0.55) < 0.001)
        #expect(Set(first.map { weights[$0] }).count == 1)
        // Four jobs: runs of 9, 9, 8 and 8 sources; three take eleven parts, the last seven.
        let four = try #require(SwiftRenderer.driverWeights(order: order, sources: 34, jobs: 4))
        let last = (0..<32).filter { order[$0] >= 26 }
        #expect(abs(share(last, four) - 7.0 / 40.0) < 0.001)
        // Eleven jobs or more: the last run takes nothing (the module job is as long as a run).
        let eleven = try #require(SwiftRenderer.driverWeights(order: order, sources: 34, jobs: 11))
        #expect((0..<32).filter { order[$0] >= 31 }.allSatisfy { eleven[$0] == 0 })
        // Not known, one job, or more runs than jobs (66 sources: three runs of at most 25 on two jobs).
        #expect(SwiftRenderer.driverWeights(order: order, sources: 34, jobs: 0) == nil)
        #expect(SwiftRenderer.driverWeights(order: order, sources: 34, jobs: 1) == nil)
        let large = SwiftRenderer.nameOrder(Array(0..<64)).map { $0 + 2 }
        #expect(SwiftRenderer.driverWeights(order: large, sources: 66, jobs: 2) == nil)
        // A large description's 64 files, the first 21 by name empty: three runs, the first holding
        // no code; the second takes 13 parts, the third 12.
        let padding = SwiftRenderer.leadingEmptyFileIndices(count: 64, empty: 21)
        let holdingFiles = (0..<64).filter { !padding.contains($0) }
        let holding = holdingFiles.map { large[$0] }
        let three = try #require(SwiftRenderer.driverWeights(order: holding, sources: 66, jobs: 2))
        let third = holding.indices.filter { holding[$0] >= 44 }
        #expect(third.count == 22)
        #expect(abs(share(third, three) - 12.0 / 25.0) < 0.001)
        // Not on other jobs, nor when the first run holds code.
        #expect(SwiftRenderer.driverWeights(order: holding, sources: 66, jobs: 3) == nil)
        #expect(SwiftRenderer.driverWeights(order: large, sources: 66, jobs: 2) == nil)
        // A place outside the sources is refused, not counted.
        #expect(SwiftRenderer.driverWeights(order: [0, 5], sources: 4, jobs: 2) == nil)

        // Through the generator, as the plugin runs it on two cores: 400 types of one size.
        let model = try model((0..<400).map { "Kind\($0)" })
        var generator = CodeGenerator()
        generator.options.leadingSources = 2
        let even = generator.files(for: model, split: false, output: .types, shards: 32)
        generator.options.driverJobs = 2
        let shared = generator.files(for: model, split: false, output: .types, shards: 32)
        // The share of the types in the first run (the catalogs, in RonGenerated.swift, are in the last).
        let firstRun = { (files: [(name: String, contents: String)]) -> Double in
            let types = files.map { Double($0.contents.components(separatedBy: "public struct ").count - 1) }
            return first.map { types[$0] }.reduce(0, +) / types.reduce(0, +)
        }
        #expect(firstRun(even) < 0.5)
        #expect(firstRun(shared) > 0.52 && firstRun(shared) < 0.58, "\(firstRun(shared))")
        // Each type once, and without the jobs the files are those of before.
        #expect(shared.map(\.contents).joined().components(separatedBy: "public struct ").count == 401)
        #expect(
            even.map(\.contents)
                == CodeGenerator().files(for: model, split: false, output: .types, shards: 32).map(\.contents))
        // A type's file still follows from its name: a new one changes its own file and the catalog's.
        let more = generator.files(
            for: try self.model((0..<400).map { "Kind\($0)" } + ["Delta"]), split: false, output: .types, shards: 32)
        let changed = zip(shared, more).filter { $0.contents != $1.contents }.map(\.0.name)
        #expect(Set(changed) == Set([shardOf("Delta", in: more)!, "RonGenerated.swift"]))
    }

    @Test("two jobs, three runs, the first empty: the second run takes 13 parts of 25, the third 12")
    func sharesAfterAnEmptyRun() throws {
        // As the plugin lays out a target of two files of its own on two cores: 49 files, the first
        // 15 by name empty; with the target's two, 51 sources in three runs of 17.
        let model = try model((0..<400).map { "Kind\($0)" })
        var generator = CodeGenerator()
        generator.options.leadingSources = 2
        generator.options.leadingEmptyFiles = 15
        let even = generator.files(for: model, split: false, output: .types, shards: 49)
        generator.options.driverJobs = 2
        let shared = generator.files(for: model, split: false, output: .types, shards: 49)
        let order = SwiftRenderer.nameOrder(Array(0..<49)).map { $0 + 2 }
        let empty = SwiftRenderer.leadingEmptyFileIndices(count: 49, empty: 15)
        // The empty files are exactly the first run's generated ones, and stay empty.
        #expect(empty == Set((0..<49).filter { order[$0] < 17 }))
        for files in [even, shared] {
            #expect(empty.allSatisfy { !files[$0].contents.contains("public struct ") })
        }
        let types = { (files: [(name: String, contents: String)], run: Range<Int>) -> Double in
            let counts = files.map { Double($0.contents.components(separatedBy: "public struct ").count - 1) }
            return (0..<49).filter { run.contains(order[$0]) }.map { counts[$0] }.reduce(0, +) / counts.reduce(0, +)
        }
        // The shares themselves, exactly; the 400 names by hash, within their spread (1.6 σ here).
        let holding = (0..<49).filter { !empty.contains($0) }
        let weights = try #require(SwiftRenderer.driverWeights(order: holding.map { order[$0] }, sources: 51, jobs: 2))
        let inSecond = holding.indices.filter { order[holding[$0]] < 34 }
        #expect(
            abs(Double(inSecond.map { weights[$0] }.reduce(0, +)) / Double(weights.reduce(0, +)) - 13.0 / 25.0) < 0.001)
        let second = types(shared, 17..<34)
        #expect(second > 0.47 && second < 0.58, "\(second)")
        #expect(abs(types(shared, 17..<34) + types(shared, 34..<51) - 1) < 1e-9)
        // Each type once; without the jobs the files are those of before.
        #expect(shared.map(\.contents).joined().components(separatedBy: "public struct ").count == 401)
        #expect(shared.map(\.contents) != even.map(\.contents))
        var before = CodeGenerator()
        before.options.leadingSources = 2
        before.options.leadingEmptyFiles = 15
        #expect(
            even.map(\.contents) == before.files(for: model, split: false, output: .types, shards: 49).map(\.contents))
    }

    @Test("with the driver's runs known, types of 10 kB and more even its runs, and an edit of one moves no other")
    func middleTypesByTheDriversRuns() throws {
        // 49 files, the first 15 empty, after two of the target's own: runs of 17 sources, the
        // second and third holding the code (13 and 12 parts).
        let empty = SwiftRenderer.leadingEmptyFileIndices(count: 49, empty: 15)
        let places = SwiftRenderer.nameOrder(Array(0..<49)).map { $0 + 2 }
        let order = (0..<49).filter { !empty.contains($0) }.map { places[$0] }
        let weights = try #require(SwiftRenderer.driverWeights(order: order, sources: 51, jobs: 2))
        let run = { (file: Int) in SwiftRenderer.driverRuns(sources: 51, jobs: 2).run(order[file]) }
        // Fifty types of 300 kB (large: by load, down to a file): 26 in the second run, 24 in the third.
        let huge = SwiftRenderer.placement(
            names: (0..<50).map { "Huge\($0)" }, sizes: Array(repeating: 300_000, count: 50), count: order.count,
            firstFileHolds: 0, order: order, sources: 51, weights: weights, jobs: 2)
        #expect(huge.filter { run($0) == 1 }.count == 26)
        // 120 small types by name and six of 18-60 kB, in twelve sets of names: the second run's share
        // of the bytes, with the jobs known and without (every type by name but none over 100 kB).
        var deviations = (runs: [Double](), names: [Double]())
        var edits = (made: 0, movingOthers: 0)
        for prefix in ["A", "B", "C", "D", "E", "F", "G", "H", "K", "M", "N", "P"] {
            let names = (0..<120).map { "\(prefix)Small\($0)" } + (0..<6).map { "\(prefix)Middle\($0)" }
            let sizes = Array(repeating: 4_000, count: 120) + [60_000, 52_000, 45_000, 30_000, 24_000, 18_000]
            let place = { (sizes: [Int], jobs: Int) in
                SwiftRenderer.placement(
                    names: names, sizes: sizes, count: order.count, firstFileHolds: 20_000, order: order,
                    sources: 51, weights: weights, jobs: jobs)
            }
            let share = { (shards: [Int]) -> Double in
                var bytes = [0.0, 0.0, 0.0]
                bytes[run(0)] += 20_000
                for (index, shard) in shards.enumerated() { bytes[run(shard)] += Double(sizes[index]) }
                return bytes[1] / bytes.reduce(0, +)
            }
            let placed = place(sizes, 2)
            deviations.runs.append(abs(share(placed) - 0.52))
            deviations.names.append(abs(share(place(sizes, 0)) - 0.52))
            // Each type's documentation edited (64 bytes more): no other type changes its file.
            for index in names.indices {
                var edited = sizes
                edited[index] += 64
                let again = place(edited, 2)
                edits.made += 1
                if names.indices.contains(where: { $0 != index && again[$0] != placed[$0] }) { edits.movingOthers += 1 }
            }
        }
        #expect(deviations.runs.max()! < 0.025, "\(deviations.runs)")
        let mean = { (values: [Double]) in values.reduce(0, +) / Double(values.count) }
        #expect(mean(deviations.runs) < 0.7 * mean(deviations.names), "\(deviations)")
        #expect(edits.movingOthers * 50 <= edits.made, "\(edits)")
    }

    @Test("with shares, a large type goes to the run lightest for its share, not the lightest in bytes")
    func largeTypesWeighedAgainstTheShares() {
        // Two files, one run each, shared 11 to 9: ten small types in the first, nine in the second.
        let weights = [11, 9]
        let candidates = (0..<200).map { "Small\($0)" }
        let first = candidates.filter { SwiftRenderer.shard(of: $0, count: 2, weights: weights) == 0 }.prefix(10)
        let second = candidates.filter { SwiftRenderer.shard(of: $0, count: 2, weights: weights) == 1 }.prefix(9)
        let names = Array(first) + Array(second) + ["Huge"]
        let sizes = Array(repeating: 1_000, count: 19) + [200_000]
        let shared = SwiftRenderer.placement(
            names: names, sizes: sizes, count: 2, firstFileHolds: 0, order: [0, 1], sources: 2, weights: weights)
        // 10,000 bytes against a share of 11 is lighter than 9,000 against 9 (in bytes alone, the
        // second file would be the lighter).
        #expect(shared.last == 0)
        #expect(shared.dropLast() == Array(repeating: 0, count: 10) + Array(repeating: 1, count: 9))
    }

    @Test("leading empty files: the first in name order hold no code, the others what fewer files would")
    func leadingEmptyFiles() throws {
        let model = try model((0..<30).map { "Kind\($0)" })
        var generator = CodeGenerator()
        generator.options.leadingEmptyFiles = 3
        let padded = generator.files(for: model, split: false, output: .types, shards: 12)
        let fewer = CodeGenerator().files(for: model, split: false, output: .types, shards: 9)
        #expect(padded.map(\.name) == (0..<12).map(SwiftRenderer.shardFileName))
        // By name, RonGenerated+1, +10 and +11 come first (before +2); RonGenerated.swift comes last.
        let empty = SwiftRenderer.leadingEmptyFileIndices(count: 12, empty: 3)
        #expect(empty == [1, 10, 11])
        let holding = (0..<12).filter { !empty.contains($0) }
        for index in empty {
            #expect(!padded[index].contents.contains("public "), "\(padded[index].name)")
            #expect(padded[index].contents.hasPrefix("// DO NOT EDIT."))
        }
        // The others, in order, are the nine files' code, each named after its own place.
        #expect(holding.map { padded[$0].contents } == fewer.map(\.contents))
        // The calls alone in a run of one target of calls: the same.
        let schema = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Golden/Operations/Schema")
        let operations = try CodeGenerator().model(schemaDirectory: schema)
        var calls = CodeGenerator()
        calls.options.typesModule = "Types"
        calls.options.leadingEmptyFiles = 3
        let paddedCalls = calls.files(for: operations, split: false, output: .operations, shards: 12)
        calls.options.leadingEmptyFiles = 0
        let fewerCalls = calls.files(for: operations, split: false, output: .operations, shards: 9)
        #expect(holding.map { paddedCalls[$0].contents } == fewerCalls.map(\.contents))
        #expect(empty.allSatisfy { !paddedCalls[$0].contents.contains("func ") })
        #expect(paddedCalls.map(\.name) == (0..<12).map { SwiftRenderer.shardFileName($0, stem: "RonOperations") })
    }

    @Test("one shard is the single file; --split wins over shards")
    func degenerateCounts() throws {
        let model = try model(["One", "Two"])
        let single = CodeGenerator().files(for: model, split: false, output: .types)
        #expect(
            CodeGenerator().files(for: model, split: false, output: .types, shards: 1).map(\.contents)
                == single.map(\.contents))
        let split = CodeGenerator().files(for: model, split: true, output: .types)
        #expect(
            CodeGenerator().files(for: model, split: true, output: .types, shards: 4).map(\.name) == split.map(\.name))
    }

    @Test("with the calls, the shards hold the declarations of the types and the calls, each fill function once")
    func callsInShards() throws {
        let schema = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Golden/Operations/Schema")
        var options = SwiftRenderer.Options(runtimeModule: "RonGenerated")
        options.clientModule = "RonAppSdkSwift"
        let generator = CodeGenerator(options: options)
        let model = try generator.model(schemaDirectory: schema)
        #expect(!model.operations.isEmpty)
        let apart = generator.files(for: model, split: false, output: .typesAndOperations)
        var weighted = generator
        weighted.options.driverJobs = 2
        weighted.options.leadingSources = 2
        for generator in [generator, weighted] {
            let shards = generator.files(for: model, split: false, output: .typesAndOperations, shards: 4)
            #expect(apart.map(\.name) == ["RonGenerated.swift", "RonOperations.swift"])
            #expect(shards.map(\.name) == (0..<4).map(SwiftRenderer.shardFileName))
            let publicLines = { (files: [(name: String, contents: String)]) in
                files.flatMap { $0.contents.split(separator: "\n") }.map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { $0.hasPrefix("public ") }.sorted()
            }
            #expect(publicLines(shards) == publicLines(apart))
            for file in shards { #expect(file.contents.contains("import RonAppSdkSwift"), "\(file.name)") }
            // The calls are spread: more than one file has some.
            #expect(shards.filter { $0.contents.contains("extension RonClient {") }.count > 1)
            // Every fill function the catalogs' heads call is defined exactly once.
            let text = shards.map(\.contents).joined(separator: "\n")
            for prefix in ["addEntries", "appendOperations"] {
                let calls = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { $0.hasPrefix(prefix) }.map { String($0.prefix { $0 != "(" }) }
                #expect(!calls.isEmpty)
                for name in calls {
                    #expect(text.components(separatedBy: "static func \(name)(").count == 2, "\(name)")
                }
            }
        }
    }

    /// The options of a module of calls over a types module `ShopTypes`, and the golden operations'
    /// model.
    private func callsOverShopTypes() throws -> (SwiftRenderer.Options, SchemaModel) {
        let schema = URL(filePath: #filePath).deletingLastPathComponent().appending(path: "Golden/Operations/Schema")
        var options = SwiftRenderer.Options(runtimeModule: "RonGenerated")
        options.clientModule = "RonAppSdkSwift"
        options.typesModule = "ShopTypes"
        return (options, try CodeGenerator(options: options).model(schemaDirectory: schema))
    }

    @Test("the calls alone in shards: the single file's calls, no type, Foundation imported by name")
    func operationsAloneInShards() throws {
        let (options, model) = try callsOverShopTypes()
        let generator = CodeGenerator(options: options)
        let single = generator.files(for: model, split: false, output: .operations)
        let shards = generator.files(for: model, split: false, output: .operations, shards: 4)
        #expect(single.map(\.name) == ["RonOperations.swift"])
        #expect(shards.map(\.name) == (0..<4).map { SwiftRenderer.shardFileName($0, stem: "RonOperations") })
        let publicLines = { (files: [(name: String, contents: String)]) in
            files.flatMap { $0.contents.split(separator: "\n") }.map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("public ") && !$0.hasPrefix("public static let operations") }.sorted()
        }
        #expect(!publicLines(shards).isEmpty)
        #expect(publicLines(shards) == publicLines(single), "the same calls, catalog and security as one file")
        #expect(shards.filter { $0.contents.contains("extension RonClient {") }.count > 1)
        let types = generator.files(for: model, split: false, output: .types, shards: 4)
        let typeNames = types.flatMap { $0.contents.split(separator: "\n") }.compactMap { line -> String? in
            guard line.hasPrefix("public struct ") || line.hasPrefix("public enum ") else { return nil }
            return String(line.split(separator: " ")[2].prefix { $0 != ":" && $0 != "<" })
        }
        for file in shards {
            let lines = file.contents.split(separator: "\n").map(String.init)
            #expect(lines.contains("import ShopTypes") && lines.contains("import RonAppSdkSwift"), "\(file.name)")
            #expect(lines.contains("import struct Foundation.URLQueryItem"), "\(file.name)")
            #expect(!lines.contains("import Foundation"), "a whole Foundation would make a `Notification` ambiguous")
            for name in typeNames where name != "RonSchemaCatalog" {
                #expect(!lines.contains { $0.hasPrefix("public struct \(name):") }, "\(name) is the types module's")
            }
        }
        // A run with fewer shards removes the files of calls the last one wrote, and nothing else.
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-op-shards-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try CodeGenerator.write(shards, to: folder, output: .operations)
        try CodeGenerator.write(types, to: folder, output: .types)
        try Data("// mine\n".utf8).write(to: folder.appending(path: "Mine.swift"))
        try CodeGenerator.write(
            generator.files(for: model, split: false, output: .operations, shards: 2), to: folder, output: .operations)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == (["Mine.swift", "RonOperations+1.swift", "RonOperations.swift"] + types.map(\.name)).sorted())
    }

    @Test("each module of calls names every type of the types module by its own name, in its first file alone")
    func callsModulesAliasTheTypes() throws {
        let (shopOptions, model) = try callsOverShopTypes()
        var options = shopOptions
        let expected = model.types.map { "public typealias \($0.name) = ShopTypes.\($0.name)" }
        #expect(expected.contains("public typealias Gadget = ShopTypes.Gadget"))
        let aliases = { (text: String) in
            text.split(separator: "\n").filter { $0.hasPrefix("public typealias ") }.map(String.init)
        }
        // One module of calls: its first file.
        let shards = CodeGenerator(options: options).files(for: model, split: false, output: .operations, shards: 4)
        #expect(aliases(shards[0].contents) == expected)
        #expect(shards.dropFirst().allSatisfy { aliases($0.contents).isEmpty })
        // Calls in parts: each part's first file (each part is a module), none in the front.
        options.callsParts = ["ShopCalls1", "ShopCalls2"]
        let parts = CodeGenerator(options: options).files(for: model, split: false, output: .operations, shards: 4)
        let holding = parts.filter { !aliases($0.contents).isEmpty }
        #expect(holding.map(\.name) == ["RonOperations.swift", "RonOperations+2.swift"])
        #expect(holding.allSatisfy { aliases($0.contents) == expected })
        // A type named like the types module would take `ShopTypes.` for itself: no aliases then.
        options.callsParts = []
        options.typesModule = "Gadget"
        let clash = CodeGenerator(options: options).files(for: model, split: false, output: .operations, shards: 4)
        #expect(clash.allSatisfy { aliases($0.contents).isEmpty })
    }
}

/// A struct of more members than an initializer takes (`SwiftRenderer.initializerParameterLimit`).
@Suite("Structs of many members")
struct LargeStructTests {
    @Test("the initializer takes the members without a default; the others start nil or at their default")
    func initializerOfTheRequiredMembers() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-large-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var properties = (0..<70).map { #""p\#($0)": {"type": "string"}"# }
        properties.append(#""id": {"type": "string"}"#)
        properties.append(#""level": {"type": "integer", "default": 3}"#)
        let schema =
            #"{"$defs": {"Wide": {"type": "object", "required": ["id"], "properties": {\#(properties.joined(separator: ", "))}}}}"#
        try Data(schema.utf8).write(to: folder.appending(path: "a.schema.json"))
        let model = try CodeGenerator().model(schemaDirectory: folder)
        let text = CodeGenerator().files(for: model, split: false, output: .types)[0].contents
        #expect(text.contains("public init(id: String) {"))
        // An optional member starts as `nil` from its `var`'s own start: no statement for it (each
        // one cost the definite-initialization pass, quadratically).
        #expect(!text.contains("self.p69 = nil"))
        #expect(text.contains("public var p69: String?\n"))
        #expect(text.contains("self.level = 3"))
        #expect(!text.contains("p0: String? = nil"))
        // A narrow struct keeps the initializer of every member.
        let narrow = try self.narrow()
        #expect(narrow.contains("public init(\n        a: String? = nil,"))
    }

    private func narrow() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appending(path: "ron-narrow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"$defs": {"N": {"type": "object", "properties": {"a": {"type": "string"}}}}}"#.utf8).write(
            to: folder.appending(path: "a.schema.json"))
        let model = try CodeGenerator().model(schemaDirectory: folder)
        return CodeGenerator().files(for: model, split: false, output: .types)[0].contents
    }
}

/// The key name of a file put in place of the mark each struct's code was rendered with.
@Suite struct MemberKeyMarkTests {
    static let mark = SwiftRenderer.memberKeyMark

    @Test func everyMarkIsReplacedAndNothingElseChanges() {
        let text = "\(Self.mark)A \u{1}x é \(Self.mark)\(Self.mark) b\u{1}\u{2}Schema \(Self.mark)"
        #expect(
            SwiftRenderer.resolvingMemberKey(text, name: "Key3")
                == "Key3A \u{1}x é Key3Key3 b\u{1}\u{2}Schema Key3")
    }

    @Test func aTextWithoutTheMarkComesBackAsItIs() {
        for text in ["", "plain", "\u{1}", "ends with a partial mark \u{1}\u{2}SchemaMember", "ü\u{1}\u{1}"] {
            #expect(SwiftRenderer.resolvingMemberKey(text, name: "Key") == text)
        }
    }
}
