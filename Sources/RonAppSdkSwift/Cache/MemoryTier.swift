import Foundation

/// The memory tier of a ``ResponseCache``: entries bounded by their total bytes, least recently used
/// evicted first.
final class MemoryTier: @unchecked Sendable {
    private let lock = NSLock()
    private let limit: Int
    private var entries: [String: (entry: CacheEntry, lastUse: UInt64)] = [:]
    private var bytes = 0
    private var tick: UInt64 = 0

    init(limitBytes: Int) {
        limit = max(limitBytes, 0)
    }

    /// The entry for `key`, marking it recently used.
    func get(_ key: String) -> CacheEntry? {
        lock.withLock {
            guard let found = entries[key] else { return nil }
            tick &+= 1
            entries[key] = (found.entry, tick)
            return found.entry
        }
    }

    /// Stores `entry`, evicting the least recently used ones while over the limit. An entry larger
    /// than the whole limit is not kept.
    func put(_ key: String, _ entry: CacheEntry) {
        lock.withLock {
            removeLocked(key)
            guard entry.cost <= limit else { return }
            tick &+= 1
            entries[key] = (entry, tick)
            bytes += entry.cost
            guard bytes > limit else { return }
            for (oldKey, _) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                if bytes <= limit { break }
                removeLocked(oldKey)
            }
        }
    }

    func remove(_ key: String) {
        lock.withLock { removeLocked(key) }
    }

    func removeAll() {
        lock.withLock {
            entries.removeAll()
            bytes = 0
        }
    }

    /// Bytes held now.
    var totalBytes: Int { lock.withLock { bytes } }

    private func removeLocked(_ key: String) {
        if let old = entries.removeValue(forKey: key) { bytes -= old.entry.cost }
    }
}
