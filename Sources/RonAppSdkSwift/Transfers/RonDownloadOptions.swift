import Foundation

/// How ``RonClient/download(_:to:options:progress:)`` treats the destination and an interrupted
/// transfer.
public struct RonDownloadOptions: Sendable, Hashable {
    /// Keep the partial file after a failure or cancellation, and resume from it on the next
    /// download to the same destination (see ``RonDownloadResumeData``). `false` (the default):
    /// every failure removes the partial file.
    public var resumable: Bool
    /// Replace a file already at the destination (`true`, the default); `false` fails with
    /// `download_destination_exists` before anything is sent.
    public var replaceExisting: Bool
    /// The most bytes to accept for the whole file (`nil`: no limit); ``RonSDK/maxResponseBytes``
    /// does not apply to downloads.
    public var maxBytes: Int64?

    /// Creates options.
    public init(resumable: Bool = false, replaceExisting: Bool = true, maxBytes: Int64? = nil) {
        self.resumable = resumable
        self.replaceExisting = replaceExisting
        self.maxBytes = maxBytes
    }
}

/// A finished download.
public struct RonDownloadResult: Sendable, Hashable {
    /// Where the file is now.
    public let destination: URL
    /// The status of the last response (`200`, or `206` for a resumed download).
    public let status: Int
    /// The headers of the last response.
    public let headers: RonHeaders
    /// The file's length in bytes.
    public let bytes: Int64
    /// The bytes kept from an earlier, interrupted attempt (0: downloaded from the start).
    public let resumedFromBytes: Int64
    /// The SHA-256 the server announced and the file matched (64 lowercase hex digits), `nil` when
    /// the server sent no digest.
    public let verifiedSHA256: String?

    /// Creates a result.
    public init(
        destination: URL, status: Int, headers: RonHeaders, bytes: Int64, resumedFromBytes: Int64,
        verifiedSHA256: String?
    ) {
        self.destination = destination
        self.status = status
        self.headers = headers
        self.bytes = bytes
        self.resumedFromBytes = resumedFromBytes
        self.verifiedSHA256 = verifiedSHA256
    }
}

/// What a resumable download keeps beside its partial file, so a later download to the same
/// destination (after an error, a cancellation or an app restart) asks only for the rest.
///
/// The partial bytes are in `<destination>.ronpartial`, this value as JSON in
/// `<destination>.ronpartial.json`, both in the destination's folder (so the final move is a
/// rename on one volume). ``RonClient/download(_:to:options:progress:)`` with
/// ``RonDownloadOptions/resumable`` writes and reads them; ``load(for:)`` shows what is there, and
/// ``discard(for:)`` removes both.
public struct RonDownloadResumeData: Codable, Sendable, Hashable {
    /// The URL the partial bytes came from; a download of another URL starts over.
    public var url: URL
    /// The `ETag` (or else `Last-Modified`) of the first part, sent back as `If-Range`.
    public var validator: String
    /// The whole file's length, when the server said.
    public var totalBytes: Int64?

    /// Creates resume data.
    public init(url: URL, validator: String, totalBytes: Int64?) {
        self.url = url
        self.validator = validator
        self.totalBytes = totalBytes
    }

    /// `<destination>.ronpartial`: the bytes received so far.
    public static func partialFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(destination.lastPathComponent + ".ronpartial")
    }

    /// `<destination>.ronpartial.json`: this value.
    public static func recordFile(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(
            destination.lastPathComponent + ".ronpartial.json")
    }

    /// The resume data kept for `destination`, `nil` when there is none (or it cannot be read).
    public static func load(for destination: URL) -> RonDownloadResumeData? {
        guard let data = try? Data(contentsOf: recordFile(for: destination)) else { return nil }
        return try? JSONDecoder().decode(RonDownloadResumeData.self, from: data)
    }

    /// The bytes of the partial file kept for `destination` (0 when there is none).
    public static func partialBytes(for destination: URL) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: partialFile(for: destination).path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// Removes the partial file and the resume data kept for `destination`.
    public static func discard(for destination: URL) {
        try? FileManager.default.removeItem(at: partialFile(for: destination))
        try? FileManager.default.removeItem(at: recordFile(for: destination))
    }

    /// Writes this value beside the partial file.
    func save(for destination: URL) throws {
        try JSONEncoder().encode(self).write(to: Self.recordFile(for: destination), options: .atomic)
    }
}
