import Foundation

extension JSONValue {
    /// Decodes this value as `T`, as `JSONDecoder` would decode the JSON it stands for, without
    /// writing it out first.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - codingPath: Where the value is in a larger document; errors carry this path first.
    ///   - userInfo: What the decoded types see as their decoder's `userInfo`.
    public func decode<T: Decodable>(
        _ type: T.Type, codingPath: [any CodingKey] = [], userInfo: [CodingUserInfoKey: Any] = [:]
    ) throws -> T {
        try T(from: JSONValueDecoder(value: self, codingPath: codingPath, userInfo: userInfo))
    }
}

/// A `Decoder` over a ``JSONValue`` tree: what a generated untagged union decodes its chosen
/// variant with, once it has read the value and weighed the variants on it.
///
/// It answers like `JSONDecoder` with its default strategies: the same kinds of `DecodingError`,
/// with the full coding path (the outer decoder's, then the keys and indices inside the tree), and
/// integers converted exactly (a fraction or a number out of range is an error that says so, as
/// `decodeInteger` says).
struct JSONValueDecoder: Decoder {
    /// The value decoded.
    let value: JSONValue
    /// The path to ``value``.
    let codingPath: [any CodingKey]
    /// What the decoded types see as `userInfo`.
    let userInfo: [CodingUserInfoKey: Any]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else {
            throw JSONValueUnboxing.mismatch([String: JSONValue].self, value, codingPath)
        }
        return KeyedDecodingContainer(JSONValueKeyedContainer<Key>(members: members, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw JSONValueUnboxing.mismatch([JSONValue].self, value, codingPath)
        }
        return JSONValueUnkeyedContainer(elements: elements, decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONValueSingleValueContainer(decoder: self)
    }

    /// A decoder for `value`, found at `key` below this one.
    func child(_ value: JSONValue, _ key: any CodingKey) -> JSONValueDecoder {
        JSONValueDecoder(value: value, codingPath: codingPath + [key], userInfo: userInfo)
    }
}

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

/// The keyed container of ``JSONValueDecoder``: an object's members.
struct JSONValueKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let decoder: JSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try JSONValueUnboxing.bool(member(key), codingPath, key)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try JSONValueUnboxing.string(member(key), codingPath, key)
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try JSONValueUnboxing.double(member(key), codingPath, key)
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try JSONValueUnboxing.float(member(key), codingPath, key)
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try JSONValueUnboxing.integer(type, member(key), codingPath, key)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try member(key)
        return try JSONValueUnboxing.decode(type, value, decoder.child(value, key))
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(member(key), key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(member(key), key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = SchemaVariantKey(stringValue: "super")
        return decoder.child(members[key.stringValue] ?? .null, key)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(members[key.stringValue] ?? .null, key)
    }
}

/// The unkeyed container of ``JSONValueDecoder``: an array's elements, in order. An element that
/// fails to decode is not consumed.
struct JSONValueUnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let decoder: JSONValueDecoder
    private(set) var currentIndex = 0

    init(elements: [JSONValue], decoder: JSONValueDecoder) {
        self.elements = elements
        self.decoder = decoder
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The key of the next element.
    private var key: SchemaIndexKey { SchemaIndexKey(currentIndex) }

    /// The next element, not consumed; an error at the end.
    private func next<T>(_ type: T.Type) throws -> JSONValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                T.self,
                DecodingError.Context(codingPath: codingPath + [key], debugDescription: "Unkeyed container is at end."))
        }
        return elements[currentIndex]
    }

    /// Converts the next element with `unbox` and consumes it when that succeeds.
    private mutating func take<T>(
        _ type: T.Type, _ unbox: (JSONValue, [any CodingKey], (any CodingKey)?) throws -> T
    ) throws -> T {
        let value = try unbox(next(type), codingPath, key)
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Any?.self) == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try take(type, JSONValueUnboxing.bool) }

    mutating func decode(_ type: String.Type) throws -> String { try take(type, JSONValueUnboxing.string) }

    mutating func decode(_ type: Double.Type) throws -> Double { try take(type, JSONValueUnboxing.double) }

    mutating func decode(_ type: Float.Type) throws -> Float { try take(type, JSONValueUnboxing.float) }

    mutating func decode(_ type: Int.Type) throws -> Int {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try take(type) { try JSONValueUnboxing.integer(type, $0, $1, $2) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try next(type)
        let decoded = try JSONValueUnboxing.decode(type, value, decoder.child(value, key))
        currentIndex += 1
        return decoded
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try decoder.child(next(type), key).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try decoder.child(next([JSONValue].self), key).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let child = try decoder.child(next(JSONValue.self), key)
        currentIndex += 1
        return child
    }
}

/// The single-value container of ``JSONValueDecoder``.
struct JSONValueSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var value: JSONValue { decoder.value }

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try JSONValueUnboxing.bool(value, codingPath, nil) }

    func decode(_ type: String.Type) throws -> String { try JSONValueUnboxing.string(value, codingPath, nil) }

    func decode(_ type: Double.Type) throws -> Double { try JSONValueUnboxing.double(value, codingPath, nil) }

    func decode(_ type: Float.Type) throws -> Float { try JSONValueUnboxing.float(value, codingPath, nil) }

    func decode(_ type: Int.Type) throws -> Int { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode(_ type: Int8.Type) throws -> Int8 { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode(_ type: Int16.Type) throws -> Int16 { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode(_ type: Int32.Type) throws -> Int32 { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode(_ type: Int64.Type) throws -> Int64 { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode(_ type: UInt.Type) throws -> UInt { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONValueUnboxing.integer(type, value, codingPath, nil) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try JSONValueUnboxing.decode(type, value, decoder) }
}
