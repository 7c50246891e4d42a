import Foundation

/// The memory tier of a ``ResponseCache``: entries by URL, then partition, then variant, bounded by
/// their total bytes (``CacheEntry/cost``); the least recently used are evicted first.
///
/// When an entry pushes the tier over its bound, the least recently used entries are evicted until
/// it is back under seven eighths of it: one sort pays for many stores.
final class MemoryTier: @unchecked Sendable {
    private struct Slot {
        var entry: CacheEntry
        var lastUse: UInt64
    }

    private let lock = NSLock()
    private let limit: Int
    /// URL → partition → the variants stored.
    private var slots: [String: [String: [Slot]]] = [:]
    private var bytes = 0
    private var entryCount = 0
    private var tick: UInt64 = 0

    init(limitBytes: Int) {
        limit = max(limitBytes, 0)
    }

    /// The variants stored for `key`'s URL and partition.
    func variants(_ key: CacheKey) -> [CacheEntry] {
        lock.withLock { (slots[key.url]?[key.partition] ?? []).map(\.entry) }
    }

    /// The stored variant that `request` selects (the newest whose `Vary` values match), marking it
    /// recently used.
    func select(_ key: CacheKey, for request: TransportRequest) -> CacheEntry? {
        lock.withLock {
            guard var variants = slots[key.url]?[key.partition] else { return nil }
            var chosen: Int?
            for index in variants.indices where variants[index].entry.matches(request) {
                if let best = chosen, variants[best].entry.meta.responseTime >= variants[index].entry.meta.responseTime
                {
                    continue
                }
                chosen = index
            }
            guard let chosen else { return nil }
            tick &+= 1
            variants[chosen].lastUse = tick
            slots[key.url]?[key.partition] = variants
            return variants[chosen].entry
        }
    }

    /// Stores `entry` (replacing the entry of the same name), evicting the least recently used ones
    /// while over the bound. An entry larger than the whole bound is not kept.
    func put(_ key: CacheKey, _ entry: CacheEntry) {
        lock.withLock {
            removeLocked(key, name: entry.meta.key)
            guard entry.cost <= limit else { return }
            tick &+= 1
            slots[key.url, default: [:]][key.partition, default: []].append(Slot(entry: entry, lastUse: tick))
            bytes += entry.cost
            entryCount += 1
            if bytes > limit { evictLocked(keeping: entry.meta.key) }
        }
    }

    /// Removes the entry named `name` stored under `key`.
    func remove(_ key: CacheKey, name: String) {
        lock.withLock { removeLocked(key, name: name) }
    }

    /// Removes every entry for `url`, in every partition.
    func removeAll(url: String) {
        lock.withLock {
            guard let partitions = slots.removeValue(forKey: url) else { return }
            for variants in partitions.values {
                for slot in variants { forget(slot.entry) }
            }
        }
    }

    /// Removes the entries that arrived before `time` (seconds since 1970).
    func removeAll(before time: Double) {
        lock.withLock { removeWhere { $0.meta.responseTime < time } }
    }

    func removeAll() {
        lock.withLock {
            slots.removeAll()
            bytes = 0
            entryCount = 0
        }
    }

    /// Bytes held now.
    var totalBytes: Int { lock.withLock { bytes } }

    /// Entries held now.
    var count: Int { lock.withLock { entryCount } }

    private func forget(_ entry: CacheEntry) {
        bytes -= entry.cost
        entryCount -= 1
    }

    private func removeLocked(_ key: CacheKey, name: String) {
        guard var variants = slots[key.url]?[key.partition],
            let index = variants.firstIndex(where: { $0.entry.meta.key == name })
        else { return }
        forget(variants.remove(at: index).entry)
        if variants.isEmpty {
            slots[key.url]?.removeValue(forKey: key.partition)
            if slots[key.url]?.isEmpty == true { slots.removeValue(forKey: key.url) }
        } else {
            slots[key.url]?[key.partition] = variants
        }
    }

    private func removeWhere(_ condition: (CacheEntry) -> Bool) {
        for (url, partitions) in slots {
            for (partition, variants) in partitions {
                let kept = variants.filter { !condition($0.entry) }
                guard kept.count != variants.count else { continue }
                for slot in variants where condition(slot.entry) { forget(slot.entry) }
                slots[url]?[partition] = kept.isEmpty ? nil : kept
            }
            if slots[url]?.isEmpty == true { slots.removeValue(forKey: url) }
        }
    }

    /// Evicts the least recently used entries (never `keeping`) until the tier is at most 7/8 full.
    private func evictLocked(keeping name: String) {
        var all: [(url: String, partition: String, name: String, lastUse: UInt64, cost: Int)] = []
        all.reserveCapacity(entryCount)
        for (url, partitions) in slots {
            for (partition, variants) in partitions {
                for slot in variants where slot.entry.meta.key != name {
                    all.append((url, partition, slot.entry.meta.key, slot.lastUse, slot.entry.cost))
                }
            }
        }
        all.sort { $0.lastUse < $1.lastUse }
        let target = limit - limit / 8
        for victim in all {
            if bytes <= target { break }
            removeLocked(CacheKey(url: victim.url, partition: victim.partition), name: victim.name)
        }
    }
}
