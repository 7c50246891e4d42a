import Foundation

/// One stored answer, with what RFC 9111 needs to judge it later worked out once when it was stored.
struct CacheEntry: Sendable {
    /// What is stored beside the body.
    struct Meta: Codable, Sendable, Hashable {
        /// The entry's key (so a file renamed or mixed up is never served for another key).
        var key: String
        /// The request URL the answer is for (invalidation and management find entries by it).
        var url = ""
        /// The SHA-256 of the partition the answer was stored in (see ``RonCachePartition``).
        var partition = ""
        var status: Int
        /// Header fields as `[name, value]` pairs.
        var headers: [[String]]
        /// The values of the request headers named by `Vary`, by lowercased name ("" when absent).
        var vary: [String: String]
        /// When the response arrived (seconds since 1970).
        var responseTime: Double
        /// RFC 9111 §4.2.3 `corrected_initial_age`, in seconds.
        var initialAge: Double
        /// `max-age`, else `Expires` − `Date`, in seconds; `nil` when the server gave neither.
        var lifetime: Double?
        /// RFC 9111 §4.2.2: a tenth of the time between `Date` and `Last-Modified` (at most a day),
        /// when the answer gave no explicit lifetime and did not ask to be revalidated; else `nil`.
        var heuristicLifetime: Double?
        var noCache: Bool
        var mustRevalidate: Bool
        var staleWhileRevalidate: Int?
        var bodyLength: Int
        var bodyChecksum: UInt64
    }

    let meta: Meta
    let body: Data
    /// The stored headers (built once from ``Meta/headers``).
    let headers: RonHeaders

    init(meta: Meta, body: Data) {
        self.meta = meta
        self.body = body
        headers = RonHeaders(meta.headers.compactMap { $0.count == 2 ? (name: $0[0], value: $0[1]) : nil })
    }

    /// Bytes this entry takes in memory: the body, the header and `Vary` texts, the keys, and an
    /// estimate for the rest.
    var cost: Int {
        var total = body.count + 256 + meta.key.utf8.count + meta.url.utf8.count + meta.partition.utf8.count
        for pair in meta.headers { total += pair.reduce(0) { $0 + $1.utf8.count } }
        for (name, value) in meta.vary { total += name.utf8.count + value.utf8.count }
        return total
    }

    /// When the answer arrived.
    var storedAt: Date { Date(timeIntervalSince1970: meta.responseTime) }

    /// The freshness lifetime under `policy`: the answer's own (`max-age`, `Expires`), else the
    /// policy's TTL, else the heuristic one (when the policy allows it), else 0.
    func lifetime(under policy: RonCachePolicy) -> Double {
        if let own = meta.lifetime { return own }
        if let ttl = policy.ttlSeconds { return Double(ttl) }
        if policy.heuristicFreshness, let heuristic = meta.heuristicLifetime { return heuristic }
        return 0
    }

    /// RFC 9111 §4.2.3 `current_age` at `now`, in seconds.
    func age(at now: Double) -> Double {
        meta.initialAge + max(0, now - meta.responseTime)
    }

    /// Whether the request's headers named by `Vary` match the ones stored.
    func matches(_ request: TransportRequest) -> Bool {
        meta.vary.allSatisfy { (request.headers[$0.key] ?? "") == $0.value }
    }

    // MARK: - File format

    private static let magic = Data("RONCACHE2\n".utf8)

    /// `RONCACHE2\n`, the metadata's length (4 bytes, big endian), the metadata as JSON, the body.
    func encoded() throws -> Data {
        let metaData = try JSONEncoder().encode(meta)
        var out = Self.magic
        let length = UInt32(metaData.count)
        out.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) })
        out.append(metaData)
        out.append(body)
        return out
    }

    /// The entry in `data`, or `nil` when it is not a whole, intact entry for `key` (wrong magic,
    /// truncated, bad metadata, wrong length or checksum, another key).
    static func decode(_ data: Data, key: String) -> CacheEntry? {
        let header = magic.count + 4
        guard data.count >= header, data.prefix(magic.count) == magic else { return nil }
        let lengthBytes = Array(data[data.startIndex + magic.count..<data.startIndex + header])
        let metaLength = lengthBytes.reduce(0) { $0 << 8 | Int($1) }
        guard metaLength > 0, data.count - header >= metaLength else { return nil }
        let metaStart = data.startIndex + header
        let metaData = data[metaStart..<metaStart + metaLength]
        guard let meta = try? JSONDecoder().decode(Meta.self, from: metaData), meta.key == key else { return nil }
        let body = Data(data[(metaStart + metaLength)...])
        guard body.count == meta.bodyLength, checksum(body) == meta.bodyChecksum else { return nil }
        return CacheEntry(meta: meta, body: body)
    }

    /// FNV-1a, 64 bits: catches a body that was cut short or changed on disk.
    static func checksum(_ data: Data) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
