import Foundation

extension KeyedDecodingContainer {
    /// Decodes a JSON number as `T` without loss. A fraction or a value outside `T`'s range is a
    /// `DecodingError.dataCorrupted` whose coding path ends at `key` and whose description says
    /// what was wrong; the value is never truncated or rounded.
    public func decodeInteger<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        do {
            return try decode(T.self, forKey: key)
        } catch {
            // Foundation reports an unrepresentable number with an internal error that later reads
            // "not valid JSON", without a path.
            throw explain(error, T.self, key: key)
        }
    }

    /// ``decodeInteger(_:forKey:)`` for a member that may be absent or `null`.
    public func decodeIntegerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        do {
            return try decodeIfPresent(T.self, forKey: key)
        } catch {
            // Foundation reports an unrepresentable number with an internal error that later reads
            // "not valid JSON", without a path.
            throw explain(error, T.self, key: key)
        }
    }

    private func explain<T>(_ error: any Error, _ type: T.Type, key: Key) -> any Error {
        // Foundation's message for an out-of-range number is vague and has no path; read the number
        // as a Decimal (exact for 38 digits) to say what it is.
        guard let number = try? decode(Decimal.self, forKey: key) else { return error }
        var rounded = Decimal()
        var copy = number
        NSDecimalRound(&rounded, &copy, 0, .plain)
        let reason = rounded == number ? "is out of range for \(T.self)" : "is not an integer (\(T.self) expected)"
        return DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: codingPath + [key], debugDescription: "\(number) \(reason)", underlyingError: error))
    }
}
