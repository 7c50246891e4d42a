import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How ``URLSessionTransport`` sends one request's body.
///
/// - Bytes go in the `URLRequest`.
/// - On Apple platforms a file goes through an upload task that reads it from disk, and a stream
///   through an `InputStream` that a thread of its own fills as the stream yields.
/// - On Linux, FoundationNetworking reads an `InputStream` body on the one queue all its sessions
///   share, synchronously, and its file upload task can crash the process when a transfer fails
///   part-way (it resumes a finished transfer). So a file is read through a file `InputStream`
///   (plain disk reads, never a wait on other code), and a stream is first copied, chunk by chunk,
///   to a temporary file that is sent the same way and removed when the call ends. FoundationNetworking
///   sends every `InputStream` body chunked (`Transfer-Encoding: chunked`, no `Content-Length`);
///   a server that refuses chunked requests needs `AsyncHTTPClientTransport` or a body in memory.
///
/// Memory stays bounded in every case.
struct UploadBody: Sendable {
    /// A file for an upload task (Apple platforms).
    private let file: URL?
    /// The reader behind a stream body, ended with the call (Apple platforms).
    private let reader: BlockingChunkReader?
    /// A temporary copy of a stream body, removed with the call (Linux).
    private let spooled: URL?

    /// Puts the body of `request` into `urlRequest`.
    ///
    /// - Throws: ``LocalNetworkError`` when a one-shot stream was read already, a file cannot be
    ///   read, or a stream yields another length than it declared.
    static func make(_ request: TransportRequest, into urlRequest: inout URLRequest) async throws -> UploadBody {
        switch request.bodySource {
        case nil, .data?:
            return UploadBody(file: nil, reader: nil, spooled: nil)
        case .file(let url, _)?:
            #if canImport(FoundationNetworking)
                urlRequest.httpBodyStream = try fileStream(url)
                return UploadBody(file: nil, reader: nil, spooled: nil)
            #else
                return UploadBody(file: url, reader: nil, spooled: nil)
            #endif
        case .stream(let stream)?:
            #if canImport(FoundationNetworking)
                let copy = try await BodySpool.copy(try stream.open(), length: stream.length)
                do {
                    urlRequest.httpBodyStream = try fileStream(copy)
                } catch {
                    try? FileManager.default.removeItem(at: copy)
                    throw error
                }
                return UploadBody(file: nil, reader: nil, spooled: copy)
            #else
                let (input, reader) = BodyInputStream.make(try stream.open())
                urlRequest.httpBodyStream = input
                if let length = stream.length, !request.headers.contains("content-length") {
                    urlRequest.setValue(String(length), forHTTPHeaderField: "Content-Length")
                }
                return UploadBody(file: nil, reader: reader, spooled: nil)
            #endif
        }
    }

    private static func fileStream(_ url: URL) throws -> InputStream {
        guard let stream = InputStream(url: url) else {
            throw TransportFailure(.other, detail: "cannot read the request body file \(url.path)")
        }
        return stream
    }

    /// The task that sends the request.
    func task(in session: URLSession, for urlRequest: URLRequest) -> URLSessionTask {
        if let file { return session.uploadTask(with: urlRequest, fromFile: file) }
        return session.dataTask(with: urlRequest)
    }

    /// Stops reading a stream body and removes a temporary copy (the call ended or was cancelled).
    func end() {
        reader?.cancel()
        if let spooled { try? FileManager.default.removeItem(at: spooled) }
    }
}

/// Copies a body stream to a temporary file, chunk by chunk.
enum BodySpool {
    /// The file, holding exactly `length` bytes when a length is given.
    ///
    /// - Throws: ``TransportFailure`` when the file cannot be written, ``LocalNetworkError`` when the
    ///   stream's length differs from the declared one or a file it reads changed.
    static func copy(_ chunks: AsyncThrowingStream<Data, any Error>, length: Int64?) async throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ron-upload-\(RandomUUID.lowercased())")
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: url)
        else { throw TransportFailure(.other, detail: "cannot write a temporary copy of the body at \(url.path)") }
        do {
            defer { try? handle.close() }
            var written: Int64 = 0
            for try await chunk in chunks {
                try Task.checkCancellation()
                try handle.write(contentsOf: chunk)
                written += Int64(chunk.count)
            }
            if let length, written != length {
                throw LocalNetworkError.bodyEncodingFailed(
                    type: "stream", reason: "the body stream yielded \(written) bytes but declared \(length)")
            }
            return url
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
    }
}
