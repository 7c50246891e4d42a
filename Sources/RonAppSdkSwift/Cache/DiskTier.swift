import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The disk tier of a ``ResponseCache``: one file per entry under a 0700 directory, named as
/// ``CacheKey`` says, in 256 shard folders named by the first two hex digits (those of the URL's
/// digest, so every answer for a URL is in one folder); written to a temporary file and renamed
/// into place; bounded by bytes by a sweep that runs in the background after writes.
///
/// Reads never delete: an unreadable or corrupt file is a miss and is remembered, and the next write
/// removes it.
final class DiskTier: @unchecked Sendable {
    let directory: URL
    private let limit: Int
    private let lock = NSLock()
    private var estimatedBytes: Int?
    private var sweeping = false
    private var corrupt: Set<String> = []

    init(directory: URL, limitBytes: Int) throws {
        self.directory = directory
        limit = max(limitBytes, 0)
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
    }

    private func file(_ key: String) -> URL {
        directory.appendingPathComponent(String(key.prefix(2)), isDirectory: true)
            .appendingPathComponent(key + ".entry")
    }

    /// The entry stored for `key`; `nil` when there is none or the file is not an intact entry.
    func get(_ key: String) -> CacheEntry? {
        let url = file(key)
        guard let data = try? Data(contentsOf: url) else { return nil }
        guard let entry = CacheEntry.decode(data, key: key) else {
            lock.withLock { _ = corrupt.insert(key) }
            return nil
        }
        return entry
    }

    /// Writes `entry` atomically (temporary file, then rename); removes files found corrupt earlier;
    /// starts a background sweep when the tier may be over its limit. Failures to write are ignored
    /// (the cache is an optimisation).
    func put(_ key: String, _ entry: CacheEntry) {
        removeCorrupt()
        guard let data = try? entry.encoded(), data.count <= limit else { return }
        let target = file(key)
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try data.write(to: temporary)
            guard rename(temporary.path, target.path) == 0 else {
                try? FileManager.default.removeItem(at: temporary)
                return
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        let needsSweep = lock.withLock { () -> Bool in
            estimatedBytes = estimatedBytes.map { $0 + data.count }
            guard !sweeping, estimatedBytes.map({ $0 > limit }) ?? true else { return false }
            sweeping = true
            return true
        }
        if needsSweep {
            Task.detached(priority: .background) { [self] in self.sweep() }
        }
    }

    /// Deletes the file for `key` (a write: an unsafe method changed the resource, or `clear()`).
    func remove(_ key: String) {
        try? FileManager.default.removeItem(at: file(key))
    }

    /// The names of the entries whose names start with `prefix` (all in one shard folder).
    func names(prefix: String) -> [String] {
        let folder = directory.appendingPathComponent(String(prefix.prefix(2)), isDirectory: true)
        let items = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return items.compactMap { item in
            guard item.hasPrefix(prefix), item.hasSuffix(".entry") else { return nil }
            return String(item.dropLast(".entry".count))
        }
    }

    /// The intact entries whose names start with `prefix`.
    func entries(prefix: String) -> [CacheEntry] {
        names(prefix: prefix).compactMap { get($0) }
    }

    /// Deletes every entry whose name starts with `prefix`.
    func removeAll(prefix: String) {
        for name in names(prefix: prefix) { remove(name) }
    }

    /// Deletes the entries that arrived before `time` (seconds since 1970), and the files that are
    /// not intact entries.
    func removeAll(before time: Double) {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "entry" else { continue }
            let name = url.deletingPathExtension().lastPathComponent
            let entry = (try? Data(contentsOf: url)).flatMap { CacheEntry.decode($0, key: name) }
            if entry.map({ $0.meta.responseTime < time }) ?? true {
                try? FileManager.default.removeItem(at: url)
            }
        }
    }

    /// Deletes every entry.
    func removeAll() {
        let items = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for item in items {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(item))
        }
        lock.withLock {
            estimatedBytes = 0
            corrupt.removeAll()
        }
    }

    private func removeCorrupt() {
        let keys = lock.withLock { () -> Set<String> in
            defer { corrupt.removeAll() }
            return corrupt
        }
        for key in keys { remove(key) }
    }

    /// Totals the files, removes leftover temporary files, and deletes the oldest-written entries
    /// until the tier is at most 80% of its limit.
    func sweep() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: keys)
        var files: [(url: URL, size: Int, modified: Date)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                continue
            }
            if url.lastPathComponent.hasPrefix(".tmp-") {
                if (values.contentModificationDate ?? .distantPast) < Date(timeIntervalSinceNow: -60) {
                    try? FileManager.default.removeItem(at: url)
                }
                continue
            }
            files.append((url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        var total = files.reduce(0) { $0 + $1.size }
        if total > limit {
            for file in files.sorted(by: { $0.modified < $1.modified }) where total > limit * 4 / 5 {
                try? FileManager.default.removeItem(at: file.url)
                total -= file.size
            }
        }
        lock.withLock {
            estimatedBytes = total
            sweeping = false
        }
    }

    /// Bytes of the files on disk (walks the directory).
    func totalBytes() -> Int {
        let keys: Set<URLResourceKey> = [.fileSizeKey, .isRegularFileKey]
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: Array(keys))
        var total = 0
        while let url = enumerator?.nextObject() as? URL {
            guard let values = try? url.resourceValues(forKeys: keys), values.isRegularFile == true else { continue }
            total += values.fileSize ?? 0
        }
        return total
    }
}
