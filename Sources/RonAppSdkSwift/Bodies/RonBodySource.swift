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
        case .file(let url, _):
            let reader = try BodyFileReader(url)
            return AsyncThrowingStream(unfolding: { try reader.next(chunkSize) })
        case .stream(let stream):
            return try stream.open()
        }
    }
}

/// Reads a file in chunks; closes it at the end, on error, or when released.
final class BodyFileReader: @unchecked Sendable {
    /// How much of a file is read at a time.
    static let chunkSize = 256 * 1024
    private let handle: FileHandle
    private let path: String
    private var done = false

    init(_ url: URL) throws {
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw TransportFailure(.other, detail: "cannot read the request body file \(url.path): \(error)")
        }
        path = url.path
    }

    deinit { try? handle.close() }

    /// The next chunk, or `nil` at the end of the file.
    func next(_ count: Int) throws -> Data? {
        guard !done else { return nil }
        let chunk: Data?
        do {
            chunk = try handle.read(upToCount: count)
        } catch {
            done = true
            throw TransportFailure(.other, detail: "cannot read the request body file \(path): \(error)")
        }
        guard let chunk, !chunk.isEmpty else {
            done = true
            try? handle.close()
            return nil
        }
        return chunk
    }
}
