import Foundation

/// Where the bytes of a request body come from: memory, a file (streamed from disk), or a
/// ``RonBodyStream``.
public enum RonBodySource: Sendable, Hashable {
    /// Bytes in memory.
    case data(Data)
    /// A whole file, read from disk as it is sent; `length` is its size when the body was made.
    case file(URL, length: Int64)
    /// Chunks from an `AsyncSequence` (a multipart body with file or stream parts is one too).
    case stream(RonBodyStream)

    /// A whole file, read from disk as it is sent, with its size now.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when `url` is not a
    ///   readable regular file.
    public static func file(_ url: URL) throws(LocalNetworkError) -> RonBodySource {
        .file(url, length: try AppRequestBody.fileLength(url))
    }

    /// The body's length in bytes, when known.
    public var length: Int64? {
        switch self {
        case .data(let data): return Int64(data.count)
        case .file(_, let length): return length
        case .stream(let stream): return stream.length
        }
    }

    /// Whether the body can be sent again (memory and files can; see ``RonBodyStream``).
    public var isReplayable: Bool {
        switch self {
        case .data, .file: return true
        case .stream(let stream): return stream.isReplayable
        }
    }

    /// The bytes in memory, `nil` for a file or a stream.
    public var bytes: Data? {
        if case .data(let data) = self { return data }
        return nil
    }

    /// The body as chunks for one attempt (a file in chunks of `chunkSize` bytes).
    ///
    /// - Throws: when a one-shot stream was read already.
    func chunks(chunkSize: Int = BodyFileReader.chunkSize) throws -> AsyncThrowingStream<Data, any Error> {
        switch self {
        case .data(let data):
            let offset = LockedState(0)
            return AsyncThrowingStream(unfolding: {
                offset.withLock { start -> Data? in
                    guard start < data.count else { return nil }
                    let end = min(start + chunkSize, data.count)
                    defer { start = end }
                    return data.subdata(in: start..<end)
                }
            })
        case .file(let url, let length):
            let reader = try BodyFileReader(url, length: length)
            return AsyncThrowingStream(unfolding: { try reader.next(chunkSize) })
        case .stream(let stream):
            return try stream.open()
        }
    }

    /// Checks that a file body is still the file it was made from: there, readable, and as long as
    /// the `Content-Length` it is sent with. Memory and streams pass. Called before each attempt,
    /// and again once the server answered (`answered`: its status), because a transport that sends
    /// a file chunked (FoundationNetworking) sends whatever it reads: an answer to other bytes than
    /// the body declared is dropped, not passed off as the answer to this body.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` naming the file.
    func checkFile(answered status: Int? = nil) throws(LocalNetworkError) {
        guard case .file(let url, let length) = self else { return }
        let now = try AppRequestBody.fileLength(url)
        guard now != length else { return }
        let when = status.map { " while it was sent (the server's HTTP \($0) answer is dropped)" } ?? ""
        throw BodyFileReader.changed(url.path, length: length, now: "is \(now) bytes\(when)")
    }
}

/// Reads a file in chunks; closes it at the end, on error, or when released. A file that is not
/// `length` bytes long when read (it changed after the body was made) fails the read, so the
/// request never goes out with another body than the one it declared.
final class BodyFileReader: @unchecked Sendable {
    /// How much of a file is read at a time.
    static let chunkSize = 256 * 1024
    private let handle: FileHandle
    private let path: String
    private let length: Int64?
    private var read: Int64 = 0
    private var done = false

    /// Opens `url`, whose bytes must number `length` (`nil`: any length).
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when it cannot be opened.
    init(_ url: URL, length: Int64?) throws(LocalNetworkError) {
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .bodyEncodingFailed(type: "file", reason: "cannot read \(url.path): no such file or no permission")
        }
        path = url.path
        self.length = length
    }

    deinit { try? handle.close() }

    /// The next chunk, or `nil` at the end of the file.
    ///
    /// - Throws: ``LocalNetworkError/bodyEncodingFailed(type:reason:)`` when reading fails or the
    ///   file's length is not the declared one.
    func next(_ count: Int) throws(LocalNetworkError) -> Data? {
        guard !done else { return nil }
        let chunk: Data?
        do {
            chunk = try handle.read(upToCount: count)
        } catch {
            done = true
            throw .bodyEncodingFailed(type: "file", reason: "cannot read \(path): \(error)")
        }
        guard let chunk, !chunk.isEmpty else {
            done = true
            try? handle.close()
            if let length, read != length { throw Self.changed(path, length: length, now: "ended at \(read) bytes") }
            return nil
        }
        read += Int64(chunk.count)
        if let length, read > length {
            done = true
            throw Self.changed(path, length: length, now: "has more than \(length) bytes")
        }
        return chunk
    }

    /// The error for a file that changed after its body was made.
    static func changed(_ path: String, length: Int64, now: String) -> LocalNetworkError {
        .bodyEncodingFailed(
            type: "file",
            reason:
                "\(path) changed after the body was made: it \(now), the body declared \(length); make the body again")
    }
}
