import Foundation

/// What a generated untagged union decodes with: the value, read once as a ``JSONValue``, on which
/// the variants are weighed (``SchemaFit``) and from which the chosen one is decoded without
/// writing the value out again.
///
/// The generated `init(from:)` asks for the variants in ``ranked(_:)`` order and takes the first
/// that ``attempt(_:)`` decodes; when none does, it throws ``failure(_:)``.
public struct SchemaUntaggedValue {
    /// The value.
    public let value: JSONValue
    /// A decoder over ``value`` with the outer decoder's coding path and `userInfo`.
    private let decoder: JSONValueDecoder
    /// The error of the first variant tried that did not decode.
    private var firstFailure: (any Error)?

    /// Reads the value `decoder` holds.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        self.value = value
        self.decoder = JSONValueDecoder(value: value, codingPath: decoder.codingPath, userInfo: decoder.userInfo)
    }

    /// The positions of the variants whose fits are given, best fit first: see ``SchemaFit/ranked(_:)``.
    public func ranked(_ fits: [SchemaFit]) -> [Int] {
        SchemaFit.ranked(fits)
    }

    /// The value decoded as `T`, or `nil` when it does not decode (the first such error is kept for
    /// ``failure(_:)``).
    public mutating func attempt<T: Decodable>(_ type: T.Type) -> T? {
        do {
            return try JSONValueUnboxing.decode(type, value, decoder)
        } catch {
            if firstFailure == nil { firstFailure = error }
            return nil
        }
    }

    /// The error when no variant decodes: `description` at the value's coding path, with the error
    /// of the best-fitting variant tried as its underlying error.
    public func failure(_ description: String) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: description, underlyingError: firstFailure))
    }
}
