import Foundation

/// The state of a ``RonOfflineQueue``: the writes waiting and the dead letters. Also the older
/// on-disk form (one JSON document), which ``OfflineQueueLog`` still reads and rewrites as a log.
struct OfflineQueueFile: Codable, Sendable {
    static let currentVersion = 1

    var version = OfflineQueueFile.currentVersion
    var pending: [RonQueuedRequest] = []
    var deadLetters: [RonQueuedRequest] = []

    enum CodingKeys: String, CodingKey {
        case version
        case pending
        case deadLetters = "dead_letters"
    }

    /// Entries held, waiting and dead.
    var count: Int { pending.count + deadLetters.count }

    /// Bytes of the bodies waiting.
    var pendingBytes: Int { pending.reduce(0) { $0 + ($1.body?.count ?? 0) } }

    /// Applies one log record.
    mutating func apply(_ record: OfflineQueueRecord) {
        switch record.op {
        case .put:
            guard let entry = record.entry else { return }
            if let index = pending.firstIndex(where: { $0.id == entry.id }) {
                pending[index] = entry
            } else {
                pending.append(entry)
            }
        case .remove:
            pending.removeAll { $0.id == record.id }
        case .dead:
            guard let entry = record.entry else { return }
            pending.removeAll { $0.id == entry.id }
            if let index = deadLetters.firstIndex(where: { $0.id == entry.id }) {
                deadLetters[index] = entry
            } else {
                deadLetters.append(entry)
            }
        case .bury:
            deadLetters.removeAll { $0.id == record.id }
        }
    }

    /// The older single-document form, when `data` is one.
    static func decode(_ data: Data) throws -> OfflineQueueFile {
        let file = try decoder().decode(OfflineQueueFile.self, from: data)
        guard file.version == currentVersion else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unsupported version"))
        }
        return file
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
