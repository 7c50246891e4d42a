import Foundation
import NIOCore

/// Idle keep-alive connections by `host:port`, most recently used first.
final class ConnectionPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [String: [any Channel]] = [:]
    private let maxIdlePerHost: Int

    init(maxIdlePerHost: Int) {
        self.maxIdlePerHost = maxIdlePerHost
    }

    /// An idle, still open connection to `key`, or `nil`.
    func take(_ key: String) -> (any Channel)? {
        lock.lock()
        defer { lock.unlock() }
        while let channel = idle[key]?.popLast() {
            if channel.isActive { return channel }
        }
        return nil
    }

    /// Keeps `channel` for reuse; `false` when the pool for `key` is full.
    func put(_ key: String, _ channel: any Channel) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var list = idle[key, default: []]
        guard list.count < maxIdlePerHost else { return false }
        list.append(channel)
        idle[key] = list
        return true
    }

    /// Removes and returns every idle connection.
    func drain() -> [any Channel] {
        lock.lock()
        defer { lock.unlock() }
        let all = idle.values.flatMap { $0 }
        idle = [:]
        return all
    }
}
