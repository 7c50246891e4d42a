import Foundation

// What a careful user writes by hand for the same wire shapes: explicit coding keys, the i64 that
// travels as a string and the base64url checksum decoded to their Swift types, dates through
// `JSONDecoder.DateDecodingStrategy.iso8601`. No pattern checks (users rarely write them).

/// A hand-written `Item`.
struct HandItem: Codable, Hashable, Sendable {
    enum State: String, Codable, Hashable, Sendable {
        case draft, published, archived
    }

    var id: String
    var name: String
    var state: State
    var sizeBytes: UInt64
    var version: Int64
    var createdAt: Date
    var checksum: Data?
    var tags: [String]?

    enum CodingKeys: String, CodingKey {
        case id, name, state, version, checksum, tags
        case sizeBytes = "size_bytes"
        case createdAt = "created_at"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        state = try container.decode(State.self, forKey: .state)
        sizeBytes = try container.decode(UInt64.self, forKey: .sizeBytes)
        let versionText = try container.decode(String.self, forKey: .version)
        guard let version = Int64(versionText) else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "not an i64")
        }
        self.version = version
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        if let text = try container.decodeIfPresent(String.self, forKey: .checksum) {
            checksum = HandBase64URL.decode(text)
        }
        tags = try container.decodeIfPresent([String].self, forKey: .tags)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(state, forKey: .state)
        try container.encode(sizeBytes, forKey: .sizeBytes)
        try container.encode(String(version), forKey: .version)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encodeIfPresent(checksum.map(HandBase64URL.encode), forKey: .checksum)
        try container.encodeIfPresent(tags, forKey: .tags)
    }
}

/// A hand-written page of items.
struct HandItemPage: Codable, Hashable, Sendable {
    var items: [HandItem]
    var nextPageToken: String?

    enum CodingKeys: String, CodingKey {
        case items
        case nextPageToken = "next_page_token"
    }
}

/// A hand-written manifest entry.
struct HandEntryRef: Codable, Hashable, Sendable {
    var id: String
    var size: UInt64
    var kind: String?
}

/// A hand-written manifest.
struct HandManifest: Codable, Hashable, Sendable {
    var version: UInt32
    var root: String
    var entries: [String: HandEntryRef]
    var meta: [String: String]?
}

/// The usual few lines users copy for base64url.
enum HandBase64URL {
    static func decode(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64)
    }

    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// The coders a hand-written user configures.
enum HandCoders {
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
