import Foundation

/// The file a download writes as its bytes arrive (`<destination>.ronpartial`), with the running
/// SHA-256 when a digest is to be checked. Small chunks gather in a buffer of ``batchSize`` bytes
/// and go to the file in one write (a transport hands over 16 KiB at a time: one system call per
/// chunk costs the thread that must keep up with the network); the buffer is written out before
/// the file is closed or abandoned.
final class PartialFile {
    let url: URL
    private let handle: FileHandle
    private var hasher: SHA256Hasher?
    /// The bytes written: those in the file and those still gathered.
    private(set) var length: Int64
    /// Chunks gathered, not yet written.
    private let batch = UnsafeMutableRawBufferPointer.allocate(byteCount: PartialFile.batchSize, alignment: 16)
    private var batched = 0

    /// The most bytes gathered before a write.
    static let batchSize = 256 << 10

    /// Opens (or creates) `url`, keeping its first `keep` bytes; `hashing` hashes them (read back in
    /// 1 MiB pieces) and everything written later.
    init(_ url: URL, keep: Int64, hashing: Bool) throws(RonProblem) {
        self.url = url
        if !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw Self.problem("cannot create", url, nil)
            }
        }
        do {
            handle = try FileHandle(forUpdating: url)
            // Only a longer file is cut: on ext4, truncating even an empty file marks it to be
            // written out in full when it is closed (the close then starts the writeback of every
            // byte the download wrote, on the caller's thread).
            if try handle.seekToEnd() > UInt64(keep) { try handle.truncate(atOffset: UInt64(keep)) }
            length = keep
            if hashing {
                var hasher = SHA256Hasher()
                try handle.seek(toOffset: 0)
                while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty { hasher.update(piece) }
                self.hasher = hasher
            }
            try handle.seek(toOffset: UInt64(keep))
        } catch {
            throw Self.problem("cannot open", url, error)
        }
    }

    deinit { batch.deallocate() }

    /// Appends `chunk` (gathered with the chunks before it until ``batchSize`` bytes wait).
    func write(_ chunk: Data) throws(RonProblem) {
        if batched + chunk.count > Self.batchSize { try flush() }
        if chunk.count >= Self.batchSize {
            try write(contentsOf: chunk)
        } else {
            chunk.withUnsafeBytes { bytes in
                batch.baseAddress!.advanced(by: batched).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            }
            batched += chunk.count
        }
        hasher?.update(chunk)
        length += Int64(chunk.count)
    }

    /// Writes the gathered chunks to the file.
    private func flush() throws(RonProblem) {
        guard batched > 0 else { return }
        let gathered = Data(bytesNoCopy: batch.baseAddress!, count: batched, deallocator: .none)
        batched = 0
        try write(contentsOf: gathered)
    }

    private func write(contentsOf data: Data) throws(RonProblem) {
        do {
            try handle.write(contentsOf: data)
        } catch {
            throw Self.problem("cannot write", url, error)
        }
    }

    /// The SHA-256 of the file's bytes, when hashing.
    func sha256() -> [UInt8]? {
        guard var hasher else { return nil }
        return hasher.finalize()
    }

    /// Flushes the bytes to storage and closes the file.
    func close(sync: Bool) throws(RonProblem) {
        try flush()
        do {
            if sync { try handle.synchronize() }
            try handle.close()
        } catch {
            throw Self.problem("cannot close", url, error)
        }
    }

    /// Closes the file, ignoring errors (after a failure).
    func abandon() {
        // What arrived stays in the file: a resumable download asks for the rest.
        try? flush()
        try? handle.close()
    }

    /// A local `download_file_error` problem naming the file.
    static func problem(_ what: String, _ url: URL, _ error: (any Error)?) -> RonProblem {
        RonProblem(
            code: "download_file_error",
            message: "The download \(what) \(url.path)" + (error.map { ": \($0.localizedDescription)" } ?? ""),
            kind: "local", status: 0, retryable: false, details: ["path": .string(url.path)])
    }
}
