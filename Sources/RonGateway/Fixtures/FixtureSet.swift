import Foundation
import RonGenerated

/// The canned bodies the gateway answers with, read once at start from the fixtures folder.
///
/// The folder holds one sub-folder per generated type (`Health/`, `Hello/`, `Item/`, …) with one
/// JSON file per case. Every case the gateway uses is decoded with its generated type at start (a
/// case that does not decode stops the start) and then served byte for byte, so the gateway cannot
/// drift from the fixtures:
/// - `/app/healthz` serves the first `Health` case (by file name) whose `ok` is `true`;
/// - `/app/hello` serves the first `Hello` case;
/// - `/app/items` starts with every `Item` case, then the items of the `ItemPage` cases (an id seen
///   before is skipped), then generated items.
/// Types without a folder get built-in values.
struct FixtureSet: Sendable {
    /// The body of `/app/healthz`.
    var health: Data
    /// The body of `/app/hello` (and of the slow test route).
    var hello: Data
    /// Items served verbatim at the start of the list, as JSON objects.
    var leadingItems: [JSONValue]

    /// The values served when there is no fixture.
    static var builtIn: FixtureSet {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return FixtureSet(
            health: (try? encoder.encode(Health(ok: true, note: "app plane mounted"))) ?? Data(),
            hello: (try? encoder.encode(Hello(message: "hello from RON-CORE"))) ?? Data(),
            leadingItems: [])
    }

    /// Reads the fixtures below `directory`; a missing folder gives the built-in values.
    /// - Throws: ``GatewayError/invalidFixture(path:reason:)`` naming a case that does not decode.
    static func load(from directory: URL) throws -> FixtureSet {
        var result = FixtureSet.builtIn
        for (url, data) in try cases(of: "Health", in: directory) {
            if try decode(Health.self, data, at: url).ok {
                result.health = data
                break
            }
        }
        if let (url, data) = try cases(of: "Hello", in: directory).first {
            _ = try decode(Hello.self, data, at: url)
            result.hello = data
        }
        var seen: Set<String> = []
        func keep(_ raw: JSONValue, id: String) {
            guard seen.insert(id).inserted else { return }
            result.leadingItems.append(raw)
        }
        for (url, data) in try cases(of: "Item", in: directory) {
            let item = try decode(Item.self, data, at: url)
            keep(try decode(JSONValue.self, data, at: url), id: item.id)
        }
        for (url, data) in try cases(of: "ItemPage", in: directory) {
            let page = try decode(ItemPage.self, data, at: url)
            let raw = try decode(JSONValue.self, data, at: url)
            for (item, rawItem) in zip(page.items, raw["items"]?.arrayValue ?? []) {
                keep(rawItem, id: item.id)
            }
        }
        return result
    }

    /// The `*.json` cases of `type`, sorted by file name, with their bytes.
    private static func cases(of type: String, in directory: URL) throws -> [(URL, Data)] {
        let folder = directory.appendingPathComponent(type, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return try names.filter { $0.lowercased().hasSuffix(".json") }.sorted().map { name in
            let url = folder.appendingPathComponent(name)
            do {
                return (url, try Data(contentsOf: url))
            } catch {
                throw GatewayError.invalidFixture(path: url.path, reason: "cannot be read: \(error)")
            }
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ data: Data, at url: URL) throws -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw GatewayError.invalidFixture(path: url.path, reason: "does not decode as \(type): \(error)")
        }
    }
}
