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
