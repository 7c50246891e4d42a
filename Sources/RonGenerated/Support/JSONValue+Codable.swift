import Foundation

extension JSONValue: Codable {
    /// Decodes any JSON value; integers keep their exact value. From a decoder over a tree that
    /// is already read (a generated untagged union's), the tree is taken as it is.
    public init(from decoder: any Decoder) throws {
        if let tree = decoder as? JSONValueDecoder {
            self = tree.value
            return
        }
        // Each kind tried costs a thrown error when it is not the value's: the most common first.
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            // A whole number above `Int64.max` that `UInt64` holds keeps its exact value, and so does
            // one beyond 64 bits that `Decimal` holds (up to 38 digits).
            if value.rounded() == value, value >= 0x1p63, let exact = try? container.decode(UInt64.self) {
                self = .unsigned(exact)
            } else if value.rounded() == value, value.magnitude >= 0x1p63,
                let decimal = try? container.decode(Decimal.self),
                let exact = try? JSONInteger.exact(decimal, codingPath: [])
            {
                self = .bigInteger(exact)
            } else {
                self = .double(value)
            }
        } else if let members = try? container.decode([String: JSONValue].self) {
            self = .object(members)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected a JSON value")
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let value): try container.encode(value)
        case .unsigned(let value): try container.encode(value)
        case .bigInteger(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let text): try container.encode(text)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }
}
