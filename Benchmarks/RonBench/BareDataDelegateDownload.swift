import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Section 10's bare data-delegate references: a `URLSession` data task whose delegate either
/// drops every chunk (the most any client that reads the body through a data delegate can reach) or
/// appends each chunk to a file on the delegate's queue as it arrives (the direct-to-file path,
/// with nothing that bounds how far the queue falls behind the network). No SDK code is involved.
final class BareDataDelegateDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private let file: FileHandle?
    private var continuation: CheckedContinuation<Int, any Error>?
    private var received = 0

    /// A delegate that writes to `file`, or drops every chunk when it is `nil`.
    private init(file: FileHandle?) {
        self.file = file
    }

    /// Downloads `url` on an ephemeral session of its own; returns the bytes received.
    static func run(_ url: URL, writingTo destination: URL?) async throws -> Int {
        var handle: FileHandle?
        if let destination {
            _ = FileManager.default.createFile(atPath: destination.path, contents: nil)
            handle = try FileHandle(forWritingTo: destination)
        }
        defer { try? handle?.close() }
        let delegate = BareDataDelegateDownload(file: handle)
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return try await withCheckedThrowingContinuation { continuation in
            delegate.lock.withLock { delegate.continuation = continuation }
            session.dataTask(with: url).resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { received += data.count }
        file?.write(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, count) = lock.withLock { () -> (CheckedContinuation<Int, any Error>?, Int) in
            defer { self.continuation = nil }
            return (self.continuation, received)
        }
        if let error {
            continuation?.resume(throwing: error)
        } else {
            continuation?.resume(returning: count)
        }
    }
}
