/// Why a ``RonOfflineQueue`` could not read or write its file.
public enum RonOfflineQueueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file exists but is not a queue file this version can read; it is left untouched.
    case unreadableFile(path: String, reason: String)
    /// The file could not be written; the change was not made.
    case writeFailed(path: String, reason: String)
    /// No dead letter has this id.
    case unknownEntry(id: String)

    /// A message naming the file and the cause.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): return "cannot read the offline queue file \(path): \(reason)"
        case .writeFailed(let path, let reason): return "cannot write the offline queue file \(path): \(reason)"
        case .unknownEntry(let id): return "no dead-lettered entry has the id \(id)"
        }
    }
}
