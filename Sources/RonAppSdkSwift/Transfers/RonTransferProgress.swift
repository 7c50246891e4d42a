import Foundation

/// How far an upload or a download has come.
public struct RonTransferProgress: Sendable, Hashable {
    /// The bytes sent (upload) or received (download) so far, a resumed download's first part
    /// included.
    public var completedBytes: Int64
    /// The bytes the whole transfer has, when known (a body's length, a `Content-Length`, a
    /// `Content-Range`); `nil` when the server does not say.
    public var expectedBytes: Int64?

    /// Creates a progress value.
    public init(completedBytes: Int64, expectedBytes: Int64?) {
        self.completedBytes = completedBytes
        self.expectedBytes = expectedBytes
    }

    /// `completedBytes / expectedBytes`, from 0 to 1; `nil` when the length is unknown.
    public var fractionCompleted: Double? {
        guard let expectedBytes, expectedBytes > 0 else { return expectedBytes == 0 ? 1 : nil }
        return min(1, Double(completedBytes) / Double(expectedBytes))
    }
}

/// Where a transfer reports its ``RonTransferProgress``: a closure, an `AsyncStream`, or a
/// Foundation `Progress`.
///
/// Reports come in order, from the task that moves the bytes; keep the closure short (hop to your
/// own actor for UI work). The stream form never blocks the transfer: it keeps only the newest
/// value when you read slower than the bytes move.
public struct RonProgressReporter: Sendable {
    private let handler: @Sendable (RonTransferProgress) -> Void

    /// Reports to `handler`.
    public init(_ handler: @escaping @Sendable (RonTransferProgress) -> Void) {
        self.init(handler: handler, finisher: nil)
    }

    /// A reporter and the `AsyncStream` that receives its reports; the stream finishes when the
    /// reporter is told ``finish()`` (the transfer ends) or is released.
    public static func stream() -> (progress: AsyncStream<RonTransferProgress>, reporter: RonProgressReporter) {
        let (stream, continuation) = AsyncStream.makeStream(
            of: RonTransferProgress.self, bufferingPolicy: .bufferingNewest(1))
        let reporter = RonProgressReporter(
            handler: { continuation.yield($0) }, finisher: { continuation.finish() })
        return (stream, reporter)
    }

    /// A reporter that sets `progress.totalUnitCount` (when known) and `completedUnitCount`, in bytes.
    public static func foundation(_ progress: Progress) -> RonProgressReporter {
        let box = ProgressBox(progress)
        return RonProgressReporter { value in
            if let expected = value.expectedBytes { box.progress.totalUnitCount = expected }
            box.progress.completedUnitCount = value.completedBytes
        }
    }

    private let finisher: (@Sendable () -> Void)?

    private init(
        handler: @escaping @Sendable (RonTransferProgress) -> Void, finisher: (@Sendable () -> Void)?
    ) {
        self.handler = handler
        self.finisher = finisher
    }

    /// Reports `progress`.
    public func report(_ progress: RonTransferProgress) { handler(progress) }

    /// Says the transfer ended (done, failed or cancelled): finishes a ``stream()``'s sequence.
    public func finish() { finisher?() }
}

/// `Progress` is thread-safe (its counts are atomic), though not declared `Sendable` everywhere.
private final class ProgressBox: @unchecked Sendable {
    let progress: Progress
    init(_ progress: Progress) { self.progress = progress }
}
