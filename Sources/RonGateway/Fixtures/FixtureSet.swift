import Foundation
import RonGenerated

/// The canned bodies the gateway answers with, read once at start.
///
/// A fixture is a JSON file anywhere below the fixtures folder whose name, before `.json`, lower-cased
/// and without `-`, `_` and `.`, is the type's name: `Health.json`, `hello.json`, `item.json`,
/// `item_page.json`. The first one in path order wins. When a fixture exists, the gateway serves it
/// (so the gateway cannot drift from the fixtures); when none does, it serves built-in values.
struct FixtureSet: Sendable {
    var health: Health
    var hello: Hello
    /// Items served verbatim at the start of the list, from an `ItemPage` or `Item` fixture.
    var leadingItems: [Item]

    /// The values served when there is no fixture.
    static let builtIn = FixtureSet(
        health: Health(ok: true, note: "app plane mounted"),
        hello: Hello(message: "hello from ron-core"),
        leadingItems: [])

    /// Reads the fixtures below `directory`; a missing folder gives the built-in values.
    /// - Throws: ``GatewayError/invalidFixture(path:reason:)`` when a matching file does not decode.
    static func load(from directory: URL) throws -> FixtureSet {
        var result = FixtureSet.builtIn
        let files = jsonFiles(below: directory)
        let decoder = JSONDecoder()
        if let url = files["health"] {
            result.health = try decode(Health.self, at: url, with: decoder)
        }
        if let url = files["hello"] {
            result.hello = try decode(Hello.self, at: url, with: decoder)
        }
        if let url = files["itempage"] {
            result.leadingItems = try decode(ItemPage.self, at: url, with: decoder).items
        } else if let url = files["item"] {
            result.leadingItems = [try decode(Item.self, at: url, with: decoder)]
        }
        return result
    }

    /// The JSON files below `directory` by normalised name, first in path order.
    private static func jsonFiles(below directory: URL) -> [String: URL] {
        guard
            let enumerator = FileManager.default.enumerator(
                at: directory, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [:] }
        var urls: [URL] = []
        for case let url as URL in enumerator where url.pathExtension.lowercased() == "json" {
            urls.append(url)
        }
        urls.sort { $0.path < $1.path }
        var byName: [String: URL] = [:]
        for url in urls {
            let stem = url.deletingPathExtension().lastPathComponent.lowercased()
                .filter { $0 != "-" && $0 != "_" && $0 != "." }
            if byName[stem] == nil { byName[stem] = url }
        }
        return byName
    }

    private static func decode<T: Decodable>(_ type: T.Type, at url: URL, with decoder: JSONDecoder) throws -> T {
        do {
            return try decoder.decode(type, from: Data(contentsOf: url))
        } catch {
            throw GatewayError.invalidFixture(path: url.path, reason: "does not decode as \(type): \(error)")
        }
    }
}
