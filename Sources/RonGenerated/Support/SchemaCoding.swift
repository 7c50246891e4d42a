import Foundation

/// Decode-then-encode, used by the generated catalog and the drift tests.
public enum SchemaCoding {
    /// Whether ``reencode(_:_:)`` leaves out the members a struct keeps without its schema listing
    /// them (its `additionalMembers` of any JSON): the strict drift check
    /// (`RonFixtures.verify(folder:catalog:readers:strict:)`) sets it for the task that checks.
    @TaskLocal public static var omitsUnlistedMembers = false

    /// The encoder option that ``omitsUnlistedMembers`` sets, read by generated `encode(to:)`.
    public static let omitsUnlistedMembersKey = CodingUserInfoKey(rawValue: "ron.omitsUnlistedMembers")!

    /// Decodes `json` as `type` and encodes the value again.
    public static func reencode<T: Codable>(_ type: T.Type, _ json: Data) throws -> Data {
        let value = try JSONDecoder().decode(T.self, from: json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if omitsUnlistedMembers { encoder.userInfo[omitsUnlistedMembersKey] = true }
        return try encoder.encode(value)
    }

    /// Whether `encoder` was asked to leave out the members the schema does not list.
    public static func omitsUnlistedMembers(_ encoder: any Encoder) -> Bool {
        encoder.userInfo[omitsUnlistedMembersKey] as? Bool == true
    }
}
