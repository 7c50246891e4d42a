import Foundation
import RonCodegenCore

/// What requests changed in the mock's collections, behind a lock: one store per server, shared by
/// every connection and by every reading of its folders (``MockSource``), so created items outlive
/// a reload of the schema as tokens do.
///
/// A collection (the items below one collection path, `/v1/owners/7/pets`) is here once a request
/// changed it: the first change copies its seeds (the items of its documented list answer) and
/// changes the copy. A collection no request changed is not here, and follows its fixtures and
/// examples as they are on disk. ``MockStateModel`` says which routes are collections.
final class MockStateStore: @unchecked Sendable {
    // `@unchecked Sendable`: `collections` and `counters` are read and written only with `lock`
    // held (and the state file is written with it held, so writes keep their order); every other
    // property is a constant.

    /// Where the series of UUIDs assigned starts (`--seed`).
    let seed: UInt64
    /// The state file: read at start, written after every change.
    let file: URL?
    private let lock = NSLock()
    /// Collection path (`/v1/owners/7/pets`) → its items in order.
    private var collections: [String: [DocumentValue]] = [:]
    /// Collection key (``MockStateModel/Collection/key``, `/v1/owners/{}/pets`) → the last number
    /// assigned to an id, so a deleted item's id is not given again.
    private var counters: [String: UInt64] = [:]

    /// A store for `configuration`: its state file is read when it exists (a file that does not
    /// read throws ``MockAPI/LoadError``, as does a file in a folder that does not exist).
    init(configuration: MockStateConfiguration) throws(MockAPI.LoadError) {
        seed = configuration.seed
        file = configuration.file
        guard let file else { return }
        guard FileManager.default.fileExists(atPath: file.path) else {
            var folder: ObjCBool = false
            let parent = file.deletingLastPathComponent().path
            guard FileManager.default.fileExists(atPath: parent, isDirectory: &folder), folder.boolValue else {
                throw MockAPI.LoadError(description: "\(file.path): the state file's folder does not exist")
            }
            return
        }
        do {
            let data = try Data(contentsOf: file)
            (collections, counters) = try Self.read(data, path: file.path)
        } catch let error as MockAPI.LoadError {
            throw error
        } catch {
            throw MockAPI.LoadError(description: "\(file.path): the state file does not read (\(error))")
        }
    }

    /// The items of the collection at `path` as requests left them, or `nil` when no request
    /// changed it (it is then its seeds).
    func items(at path: String) -> [DocumentValue]? {
        lock.withLock { collections[path] }
    }

    /// Runs `update` on the items of the collection at `path` (its `seeds` when no request changed
    /// it yet) and the counter of `key`, with the lock held; when `update` says it changed them,
    /// they are kept (and the state file written). `seeds` is called with the lock held, at most once.
    func change<Result>(
        at path: String, key: String, seeds: @autoclosure () -> [DocumentValue],
        _ update: (inout [DocumentValue], inout UInt64) -> (result: Result, changed: Bool)
    ) -> Result {
        lock.withLock {
            var items = collections[path] ?? seeds()
            var counter = counters[key] ?? 0
            let (result, changed) = update(&items, &counter)
            guard changed else { return result }
            collections[path] = items
            counters[key] = counter
            save()
            return result
        }
    }

    /// Forgets every change: each collection follows its fixtures and examples again.
    func reset() {
        lock.withLock {
            collections = [:]
            counters = [:]
            save()
        }
    }

    /// The state as the state file holds it (``render(collections:counters:)``).
    var text: String {
        lock.withLock { Self.render(collections: collections, counters: counters) }
    }

    /// Writes the state file, atomically (lock held). A file that cannot be written keeps the
    /// last one written: the state in memory is still served.
    private func save() {
        guard let file else { return }
        let text = Self.render(collections: collections, counters: counters)
        try? Data(text.utf8).write(to: file, options: .atomic)
    }

    /// The state file's text: `collections` (collection path → its items, one a line) and
    /// `counters` (collection key → the last number assigned), keys in order.
    static func render(collections: [String: [DocumentValue]], counters: [String: UInt64]) -> String {
        let paths = collections.keys.sorted()
        var lines = ["{", paths.isEmpty ? "  \"collections\": {}," : "  \"collections\": {"]
        for (index, path) in paths.enumerated() {
            let items = collections[path] ?? []
            let comma = index == paths.count - 1 ? "" : ","
            guard !items.isEmpty else {
                lines.append("    \(DocumentValue.string(path).jsonText): []\(comma)")
                continue
            }
            lines.append("    \(DocumentValue.string(path).jsonText): [")
            for (offset, item) in items.enumerated() {
                lines.append("      " + item.jsonText + (offset == items.count - 1 ? "" : ","))
            }
            lines.append("    ]\(comma)")
        }
        if !paths.isEmpty { lines.append("  },") }
        let keys = counters.keys.sorted()
        lines.append(keys.isEmpty ? "  \"counters\": {}" : "  \"counters\": {")
        for (index, key) in keys.enumerated() {
            let comma = index == keys.count - 1 ? "" : ","
            lines.append("    \(DocumentValue.string(key).jsonText): \(counters[key] ?? 0)\(comma)")
        }
        if !keys.isEmpty { lines.append("  }") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The collections and counters of a state file's text (``render(collections:counters:)``);
    /// throws ``MockAPI/LoadError`` naming what does not fit.
    static func read(_ data: Data, path: String) throws -> (
        collections: [String: [DocumentValue]], counters: [String: UInt64]
    ) {
        let root = try SchemaDocumentReader.parse(data, path: path.hasSuffix(".json") ? path : path + ".json")
        guard case .object = root else {
            throw MockAPI.LoadError(
                description: "\(path): a state file is a JSON object, found \(root.jsonText.prefix(20))")
        }
        var collections: [String: [DocumentValue]] = [:]
        for (key, value) in root.member("collections")?.objectMembers ?? [] {
            guard case .array(let items) = value else {
                throw MockAPI.LoadError(
                    description:
                        "\(path): at /collections/\(DescriptionDocuments.escape(key)): expected a list of items")
            }
            collections[key] = items
        }
        var counters: [String: UInt64] = [:]
        for (key, value) in root.member("counters")?.objectMembers ?? [] {
            guard case .number(let text) = value, let number = UInt64(text) else {
                throw MockAPI.LoadError(
                    description: "\(path): at /counters/\(DescriptionDocuments.escape(key)): expected a whole number")
            }
            counters[key] = number
        }
        return (collections, counters)
    }
}
