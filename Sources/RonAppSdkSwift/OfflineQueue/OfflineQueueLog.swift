import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One change to a queue, as a line of its log.
struct OfflineQueueRecord: Codable, Sendable {
    enum Operation: String, Codable, Sendable {
        /// A write joined the end of the queue (or was replaced in place, when its id is there).
        case put
        /// A write left the queue (delivered, or answered on its first attempt).
        case remove
        /// A write moved to the dead letters (or was replaced there).
        case dead
        /// A dead letter was deleted.
        case bury
    }

    var op: Operation
    var entry: RonQueuedRequest?
    var id: String?
}

/// The on-disk form of a ``RonOfflineQueue``: an append-only log of JSON lines, one per change,
/// each appended and `fsync`ed before the change counts; compacted (rewritten as one `put` or `dead`
/// per live entry, to a temporary file that is `fsync`ed, renamed into place, and its directory
/// `fsync`ed) when it holds more dead records than live ones. A change costs one line of I/O
/// however long the queue is. An exclusive `flock` on `<file>.lock` keeps a second queue, in this
/// process or another, off the same file.
final class OfflineQueueLog {
    let url: URL
    private var descriptor: Int32 = -1
    private var lockDescriptor: Int32 = -1
    private var records = 0

    /// Opens (creating) the log and takes its lock.
    ///
    /// - Throws: ``RonOfflineQueueError/locked(path:)`` when another queue holds the file,
    ///   ``RonOfflineQueueError/writeFailed(path:reason:)`` when it cannot be opened.
    init(url: URL) throws(RonOfflineQueueError) {
        self.url = url
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw .writeFailed(path: url.path, reason: error.localizedDescription)
        }
        lockDescriptor = open(url.path + ".lock", O_RDWR | O_CREAT, 0o600)
        guard lockDescriptor >= 0 else { throw .writeFailed(path: url.path + ".lock", reason: Self.errnoText()) }
        guard flock(lockDescriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(lockDescriptor)
            lockDescriptor = -1
            throw .locked(path: url.path)
        }
    }

    deinit { release() }

    /// Closes the file and gives up the lock.
    func release() {
        if descriptor >= 0 { close(descriptor) }
        if lockDescriptor >= 0 {
            flock(lockDescriptor, LOCK_UN)
            close(lockDescriptor)
        }
        descriptor = -1
        lockDescriptor = -1
    }

    /// Reads the queue. A file in the older single-document form is read and rewritten as a log. A
    /// file that cannot be read wholly is moved aside (`<name>.corrupt-<time>`), the entries read
    /// before the damage are kept, and the move is returned.
    func load() throws(RonOfflineQueueError) -> (state: OfflineQueueFile, corruption: RonOfflineQueueCorruption?) {
        guard let data = FileManager.default.contents(atPath: url.path), !data.isEmpty else {
            try compact(OfflineQueueFile())
            return (OfflineQueueFile(), nil)
        }
        if let legacy = try? OfflineQueueFile.decode(data) {
            try compact(legacy)
            return (legacy, nil)
        }
        var state = OfflineQueueFile()
        var damage: String?
        let decoder = OfflineQueueFile.decoder()
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            lineNumber += 1
            guard let record = try? decoder.decode(OfflineQueueRecord.self, from: Data(line)) else {
                damage = "line \(lineNumber) is not a queue record"
                break
            }
            state.apply(record)
            records += 1
        }
        if damage == nil, data.last != UInt8(ascii: "\n") { damage = "the last line is incomplete" }
        guard let damage else {
            try openForAppend()
            return (state, nil)
        }
        let aside = url.appendingPathExtension("corrupt-\(Int(Date().timeIntervalSince1970 * 1000))")
        guard rename(url.path, aside.path) == 0 else {
            throw .unreadableFile(path: url.path, reason: "\(damage); moving it aside failed: \(Self.errnoText())")
        }
        try compact(state)
        return (state, RonOfflineQueueCorruption(movedTo: aside, reason: damage, recoveredEntries: state.count))
    }

    /// Appends one record and `fsync`s it; compacts instead when dead records outnumber `live` ones.
    func append(_ record: OfflineQueueRecord, state: OfflineQueueFile) throws(RonOfflineQueueError) {
        if records > 32, records > 2 * state.count {
            try compact(state)
            return
        }
        let encoder = OfflineQueueFile.encoder()
        guard var line = try? encoder.encode(record) else {
            throw .writeFailed(path: url.path, reason: "the entry cannot be encoded")
        }
        line.append(UInt8(ascii: "\n"))
        if descriptor < 0 { try openForAppend() }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count, fsync(descriptor) == 0 else {
            let reason = Self.errnoText()
            // A partial line would make the file unreadable: cut it back to where it was.
            let end = lseek(descriptor, 0, SEEK_END) - off_t(max(written, 0))
            _ = ftruncate(descriptor, end)
            throw .writeFailed(path: url.path, reason: reason)
        }
        records += 1
    }

    /// Rewrites the log as one record per live entry: temporary file, `fsync`, rename, `fsync` of
    /// the directory.
    func compact(_ state: OfflineQueueFile) throws(RonOfflineQueueError) {
        let encoder = OfflineQueueFile.encoder()
        var data = Data()
        let all =
            state.pending.map { OfflineQueueRecord(op: .put, entry: $0) }
            + state.deadLetters.map { OfflineQueueRecord(op: .dead, entry: $0) }
        for record in all {
            guard let line = try? encoder.encode(record) else {
                throw .writeFailed(path: url.path, reason: "an entry cannot be encoded")
            }
            data.append(line)
            data.append(UInt8(ascii: "\n"))
        }
        let temporary = url.path + ".tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw .writeFailed(path: temporary, reason: Self.errnoText()) }
        let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == data.count, synced, rename(temporary, url.path) == 0 else {
            let reason = Self.errnoText()
            unlink(temporary)
            throw .writeFailed(path: url.path, reason: reason)
        }
        Self.syncDirectory(url.deletingLastPathComponent())
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        try openForAppend()
        records = all.count
    }

    private func openForAppend() throws(RonOfflineQueueError) {
        descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT, 0o600)
        guard descriptor >= 0 else { throw .writeFailed(path: url.path, reason: Self.errnoText()) }
    }

    private static func syncDirectory(_ directory: URL) {
        let fd = open(directory.path, O_RDONLY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
