import Foundation

/// Collects values written from other tasks and threads (hooks, log handlers, server handlers).
package final class Collector<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []

    /// An empty collector.
    package init() {}

    /// Adds one value.
    package func append(_ value: Value) {
        lock.lock()
        stored.append(value)
        lock.unlock()
    }

    /// Everything collected so far, in order.
    package var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Waits up to `timeoutMs` for at least `count` values, then returns what is there.
    package func wait(for count: Int, timeoutMs: Int = 5_000) async -> [Value] {
        let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
        while values.count < count, Date() < deadline {
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return values
    }
}

/// A lock-protected value shared with server handlers and `@Sendable` closures.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    /// Holds `value`.
    package init(_ value: Value) { stored = value }

    /// The current value.
    package var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Changes the value under the lock and returns what `change` returns.
    @discardableResult
    package func update<R>(_ change: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return change(&stored)
    }
}

/// Waits until `condition` holds, up to `timeoutMs`; returns whether it did.
package func eventually(timeoutMs: Int = 3_000, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return true
}

/// A new, empty folder in the temporary directory, named `<prefix>-<UUID>`.
package func makeScratchFolder(_ prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The names of the entries in `folder`, sorted.
package func fileNames(in folder: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
}
