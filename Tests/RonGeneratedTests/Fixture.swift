import Foundation
import RonGenerated
import RonTOML
import Testing

extension RonFixtures.Example: CustomTestStringConvertible {
    /// The example's path, as test reports name it.
    public var testDescription: String { path }
}

/// The repository's `Fixtures/`: wire examples under `Fixtures/<TypeName>/`, JSON or TOML.
enum Fixture {
    /// The repository's `Fixtures/` folder, found from this file's location.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures")

    /// TOML examples are read as JSON through the TOML reader.
    static let readers: [String: RonFixtures.Reader] = [
        "toml": { data in
            try JSONEncoder().encode(JSONValue.object(TOMLJSON.members(of: try TOMLParser.parse(data))))
        }
    ]

    /// The type folders under `Fixtures/`.
    static func folders() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// Every `*.json` and `*.toml` example, in path order.
    static func all() -> [RonFixtures.Example] {
        RonFixtures.examples(in: directory, readers: readers)
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
