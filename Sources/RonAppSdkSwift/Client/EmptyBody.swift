/// Use as the response type when a call returns no content (for example `204 No Content`).
///
/// Decoding it never fails and ignores whatever body came back.
public struct EmptyBody: Codable, Sendable, Hashable {
    /// Creates the empty value.
    public init() {}

    /// Ignores the decoder's content.
    public init(from decoder: any Decoder) throws {}

    /// Encodes as `{}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode([String: String]())
    }
}

/// Another name for ``EmptyBody``.
public typealias NoContent = EmptyBody
