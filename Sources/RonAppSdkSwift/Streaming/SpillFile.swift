import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An anonymous temporary file that holds, in order, the body bytes a ``ByteChannel`` cannot keep
/// in memory because its producer cannot pause (FoundationNetworking's data delegate on Linux).
///
/// The file is unlinked as soon as it is open, so nothing is left behind whatever ends the process;
/// its space goes back to the file system when the channel lets go of it. Appended bytes gather in
/// memory and are written ``batchSize`` at a time (so the producer, which runs on the thread that
/// must keep up with the network, makes one system call for many chunks), then read from the read
/// offset; the bytes still gathered come after everything in the file. Once the reader catches
/// up, the offsets go back to zero and the file is truncated, so a consumer that keeps up uses no
/// disk at all. Not thread-safe: ``ByteChannel`` calls it under its lock.
final class SpillFile {
    private let descriptor: Int32
    private var readOffset: Int64 = 0
    private var writeOffset: Int64 = 0
    /// Appended, not yet written.
    private var tail = Data()

    /// The bytes gathered before a write.
    static let batchSize = 256 << 10

    /// Opens a new file in `folder` (the temporary directory unless given); `nil` when none can be
    /// made (the channel then keeps everything in memory, as before).
    init?(in folder: String = NSTemporaryDirectory()) {
        let base = folder.hasSuffix("/") ? folder : folder + "/"
        var template = Array((base + "ron-spill-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// The bytes appended and not read yet.
    var pending: Int64 { writeOffset - readOffset + Int64(tail.count) }

    /// Appends `data`; `false` when the file system refused it (the caller fails the body).
    func append(_ data: Data) -> Bool {
        tail.append(data)
        guard tail.count >= Self.batchSize else { return true }
        defer { tail.removeAll(keepingCapacity: true) }
        return write(tail)
    }

    /// Writes `data` at the write offset.
    private func write(_ data: Data) -> Bool {
        var done = 0
        let written = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
            while done < buffer.count {
                let count = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(writeOffset))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
                writeOffset += Int64(count)
            }
            return true
        }
        return written
    }

    /// Reads up to `limit` of the pending bytes, oldest first (`nil` when none are pending or the
    /// read failed).
    func read(upTo limit: Int) -> Data? {
        guard writeOffset == readOffset else { return readFile(upTo: limit) }
        guard !tail.isEmpty else { return nil }
        guard tail.count > limit else {
            defer { tail = Data() }
            return tail
        }
        let piece = tail.prefix(limit)
        tail = Data(tail.dropFirst(limit))
        return Data(piece)
    }

    /// Reads up to `limit` of the bytes in the file.
    private func readFile(upTo limit: Int) -> Data? {
        let count = Int(min(Int64(limit), writeOffset - readOffset))
        guard count > 0 else { return nil }
        var data = Data(count: count)
        var done = 0
        let complete = data.withUnsafeMutableBytes { (buffer: UnsafeMutableRawBufferPointer) -> Bool in
            while done < count {
                let got = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(readOffset + Int64(done)))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return false }
                done += got
            }
            return true
        }
        guard complete else { return nil }
        readOffset += Int64(count)
        if readOffset == writeOffset {
            readOffset = 0
            writeOffset = 0
            _ = ftruncate(descriptor, 0)
        }
        return data
    }
}
