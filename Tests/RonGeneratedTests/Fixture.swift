import Foundation
import RonGenerated
import RonTOML
import Testing

/// One example file under `Fixtures/<TypeName>/`.
struct Fixture: CustomTestStringConvertible, Sendable {
    /// The folder name: the generated type the example must decode as.
    var typeName: String
    /// The path relative to the repository, for messages.
    var path: String
    /// The example's absolute location.
    var url: URL

    var testDescription: String { path }

    /// The repository's `Fixtures/` folder, found from this file's location.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures")

    /// The type folders under `Fixtures/`.
    static func folders() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Every `*.json` and `*.toml` example, in path order.
    static func all() -> [Fixture] {
        folders().flatMap { folder -> [Fixture] in
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: directory.appending(path: folder).path)) ?? []
            return files.filter { $0.hasSuffix(".json") || $0.hasSuffix(".toml") }.sorted().map { file in
                Fixture(
                    typeName: folder, path: "Fixtures/\(folder)/\(file)",
                    url: directory.appending(path: folder).appending(path: file))
            }
        }
    }

    /// The example as JSON: JSON files as they are, TOML files through the TOML reader.
    func json() throws -> Data {
        let data = try Data(contentsOf: url)
        guard url.pathExtension == "toml" else { return data }
        let table = try TOMLParser.parse(data)
        return try JSONEncoder().encode(JSONValue.object(TOMLJSON.members(of: table)))
    }
}

/// TOML tables as JSON values.
enum TOMLJSON {
    static func members(of table: TOMLTable) -> [String: JSONValue] {
        Dictionary(table.pairs.map { ($0.key, value(of: $0.value)) }, uniquingKeysWith: { _, last in last })
    }

    static func value(of value: TOMLValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .float(let number): return .double(number)
        case .boolean(let flag): return .bool(flag)
        case .dateTime(let moment): return .string(moment.description)
        case .array(let items): return .array(items.map(Self.value(of:)))
        case .table(let table): return .object(members(of: table))
        }
    }
}
