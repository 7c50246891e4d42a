import Foundation

/// Decode-then-encode, used by the generated catalog and the drift tests.
public enum SchemaCoding {
    /// Decodes `json` as `type` and encodes the value again.
    public static func reencode<T: Codable>(_ type: T.Type, _ json: Data) throws -> Data {
        let value = try JSONDecoder().decode(T.self, from: json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
