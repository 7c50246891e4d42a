// What every generated struct that keeps the members its schema does not list would otherwise
// spell out in its own `init(from:)` and `encode(to:)`, and each coding-key enum in its
// `init?(stringValue:)`: written once here, so the compiler checks and lowers it once, not once per
// type. They are `@inlinable`: an optimized build specializes them for each type as it would the
// code written out in place.

extension KeyedDecodingContainer {
    /// The members whose keys ``allKeys`` holds, each decoded as `Value`, by name.
    ///
    /// Read with ``SchemaUnlistedKey``, ``allKeys`` holds only the members the struct does not list,
    /// so this is what the struct keeps in its `additionalMembers`.
    ///
    /// - Throws: the container's error for the first member that is not a `Value`.
    @inlinable
    public func decodeUnlistedMembers<Value: Decodable>(_ type: Value.Type) throws -> [String: Value] {
        var collected: [String: Value] = [:]
        for key in allKeys {
            collected[key.stringValue] = try decode(Value.self, forKey: key)
        }
        return collected
    }
}

extension SchemaCoding {
    /// Writes `members` into the object `encoder` is writing, each under its own name; nothing when
    /// `members` is empty, or when `omittedWhenStrict` is set and the encoder was asked to leave
    /// out the members a schema does not list (``omitsUnlistedMembers(_:)``: the strict drift check).
    ///
    /// A generated struct passes `omittedWhenStrict` for members of any JSON (they are the ones its
    /// schema does not declare) and not for a typed map of `additionalProperties`.
    @inlinable
    public static func encodeUnlistedMembers<Value: Encodable>(
        _ members: [String: Value], to encoder: any Encoder, omittedWhenStrict: Bool
    ) throws {
        guard !members.isEmpty, !(omittedWhenStrict && omitsUnlistedMembers(encoder)) else { return }
        var others = encoder.container(keyedBy: SchemaVariantKey.self)
        for (name, value) in members {
            try others.encode(value, forKey: SchemaVariantKey(stringValue: name))
        }
    }
}

extension CodingKey where Self: CaseIterable {
    /// The case whose ``stringValue`` is `name`, or `nil`: a generated member-key enum's
    /// `init?(stringValue:)`.
    @inlinable
    public static func schemaKey(named name: String) -> Self? {
        for key in allCases where key.stringValue == name {
            return key
        }
        return nil
    }
}
