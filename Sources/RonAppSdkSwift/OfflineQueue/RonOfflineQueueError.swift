/// Why a ``RonOfflineQueue`` could not read or write its file.
public enum RonOfflineQueueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not a queue file this version can read; it is left untouched.
    case unreadableFile(path: String, reason: String)
    /// The file could not be written; the change was not made.
    case writeFailed(path: String, reason: String)
    /// No dead letter has this id.
    case unknownEntry(id: String)
    /// Another queue (in this process or another) has the file open; close it first.
    case locked(path: String)
    /// The queue holds as many writes, or as many body bytes, as it may; the write was not taken.
    case full(path: String, entries: Int, bytes: Int, maxEntries: Int, maxBytes: Int)
    /// The write's body is a file or a stream (`kind`), which the queue cannot keep in its log; it
    /// takes bodies held in memory only.
    case streamedBody(path: String, kind: String)

    /// A message naming the file and the cause.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): return "cannot read the offline queue file \(path): \(reason)"
        case .writeFailed(let path, let reason): return "cannot write the offline queue file \(path): \(reason)"
        case .unknownEntry(let id): return "no dead-lettered entry has the id \(id)"
        case .locked(let path): return "the offline queue file \(path) is in use by another queue"
        case .streamedBody(let path, let kind):
            return
                "the offline queue \(path) keeps bodies in memory only; this write's body is a \(kind): send it directly, or read it into Data first"
        case .full(let path, let entries, let bytes, let maxEntries, let maxBytes):
            return
                "the offline queue \(path) is full: \(entries) writes and \(bytes) body bytes waiting (limits \(maxEntries) writes, \(maxBytes) bytes)"
        }
    }
}
