import Foundation

/// The on-disk form of a ``RonOfflineQueue``: one JSON document, replaced atomically on every change.
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

    static func load(from url: URL) throws(RonOfflineQueueError) -> OfflineQueueFile {
        guard FileManager.default.fileExists(atPath: url.path) else { return OfflineQueueFile() }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadableFile(path: url.path, reason: error.localizedDescription)
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let file: OfflineQueueFile
        do {
            file = try decoder.decode(OfflineQueueFile.self, from: data)
        } catch {
            throw .unreadableFile(path: url.path, reason: "not a queue file (\(Self.describe(error)))")
        }
        guard file.version == currentVersion else {
            throw .unreadableFile(path: url.path, reason: "unsupported version \(file.version)")
        }
        return file
    }

    func save(to url: URL) throws(RonOfflineQueueError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        do {
            let data = try encoder.encode(self)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .writeFailed(path: url.path, reason: error.localizedDescription)
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return String(describing: type(of: error)) }
        switch decoding {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
            .valueNotFound(_, let context):
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
            return path.isEmpty
                ? context.debugDescription : "at \(path.joined(separator: ".")): \(context.debugDescription)"
        @unknown default:
            return "decoding error"
        }
    }
}
