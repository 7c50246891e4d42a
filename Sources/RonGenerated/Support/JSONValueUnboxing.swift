import Foundation

/// Conversions from a ``JSONValue`` to the scalar types, with `JSONDecoder`'s errors. A path is
/// built only for an error: `path` and then `key`, when there is one.
enum JSONValueUnboxing {
    static func full(_ path: [any CodingKey], _ key: (any CodingKey)?) -> [any CodingKey] {
        key.map { path + [$0] } ?? path
    }

    /// `typeMismatch`, or `valueNotFound` for `null`, as `JSONDecoder` says them.
    static func mismatch<T>(
        _ type: T.Type, _ value: JSONValue, _ path: [any CodingKey], _ key: (any CodingKey)? = nil
    ) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: full(path, key),
            debugDescription: value == .null
                ? "Cannot get value of type \(T.self) -- found null value instead"
                : "Expected to decode \(T.self) but found \(kind(of: value)) instead.")
        return value == .null ? .valueNotFound(T.self, context) : .typeMismatch(T.self, context)
    }

    static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "bool"
        case .integer, .unsigned, .bigInteger, .double: return "number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "a dictionary"
        }
    }

    static func bool(_ value: JSONValue, _ path: [any CodingKey], _ key: (any CodingKey)?) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(Bool.self, value, path, key) }
        return flag
    }

    static func string(_ value: JSONValue, _ path: [any CodingKey], _ key: (any CodingKey)?) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self, value, path, key) }
        return text
    }

    static func double(_ value: JSONValue, _ path: [any CodingKey], _ key: (any CodingKey)?) throws -> Double {
        guard let number = value.doubleValue else { throw mismatch(Double.self, value, path, key) }
        return number
    }

    static func float(_ value: JSONValue, _ path: [any CodingKey], _ key: (any CodingKey)?) throws -> Float {
        let number = try double(value, path, key)
        let narrowed = Float(number)
        guard narrowed.isFinite || !number.isFinite else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: full(path, key), debugDescription: "Number \(number) does not fit in Float."))
        }
        return narrowed
    }

    /// The number as `T`, exactly; a fraction or a value out of range is `dataCorrupted`.
    static func integer<T: FixedWidthInteger>(
        _ type: T.Type, _ value: JSONValue, _ path: [any CodingKey], _ key: (any CodingKey)?
    ) throws -> T {
        let exact: T?
        let text: String
        switch value {
        case .integer(let number):
            exact = T(exactly: number)
            text = String(number)
        case .unsigned(let number):
            exact = T(exactly: number)
            text = String(number)
        case .bigInteger(let number):
            exact = nil
            text = number.description
        case .double(let number):
            exact = T(exactly: number)
            text = "\(number)"
            if exact == nil, number.rounded(.towardZero) != number {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: full(path, key), debugDescription: "\(text) is not an integer (\(T.self) expected)"
                    ))
            }
        default:
            throw mismatch(T.self, value, path, key)
        }
        guard let exact else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: full(path, key), debugDescription: "\(text) is out of range for \(T.self)"))
        }
        return exact
    }

    /// A value of any decodable type; a ``JSONValue`` and a `Decimal` are taken from the tree as they
    /// are (`JSONDecoder` reads a `Decimal` from a number, not through its `Codable` form).
    static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, _ decoder: JSONValueDecoder) throws -> T {
        if T.self == JSONValue.self, let tree = value as? T { return tree }
        if T.self == Decimal.self {
            let number: Decimal
            switch value {
            case .integer(let whole): number = Decimal(whole)
            case .unsigned(let whole): number = Decimal(whole)
            case .bigInteger(let whole): number = Decimal(string: whole.description) ?? Decimal(whole.doubleValue)
            case .double(let fraction): number = Decimal(string: "\(fraction)") ?? Decimal(fraction)
            default: throw mismatch(T.self, value, decoder.codingPath)
            }
            if let decimal = number as? T { return decimal }
        }
        return try T(from: decoder)
    }
}
