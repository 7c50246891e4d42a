import Foundation

extension UnkeyedDecodingContainer {
    /// Decodes the next element, a JSON number, as `T` without loss. A fraction or a value outside
    /// `T`'s range is a `DecodingError.dataCorrupted` whose coding path ends at the element's index;
    /// the value is never truncated or rounded.
    public mutating func decodeInteger<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T {
        let index = currentIndex
        do {
            return try decode(T.self)
        } catch {
            // The failed element was not consumed: read it as a Decimal (exact for 38 digits) to
            // say what it is.
            guard let number = try? decode(Decimal.self) else { throw error }
            var rounded = Decimal()
            var copy = number
            NSDecimalRound(&rounded, &copy, 0, .plain)
            let reason = rounded == number ? "is out of range for \(T.self)" : "is not an integer (\(T.self) expected)"
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [SchemaIndexKey(index)], debugDescription: "\(number) \(reason)",
                    underlyingError: error))
        }
    }
}

/// The position of an element in a JSON array, as a coding path names it (`Index 1`).
public struct SchemaIndexKey: CodingKey, Sendable {
    /// `Index <n>`.
    public var stringValue: String { "Index \(index)" }
    /// The position.
    public var intValue: Int? { index }
    /// The position.
    public let index: Int

    /// The key of the element at `index`.
    public init(_ index: Int) { self.index = index }

    /// Not used: positions are integers.
    public init?(stringValue: String) { nil }

    /// The key of the element at `intValue`.
    public init?(intValue: Int) { self.index = intValue }
}
