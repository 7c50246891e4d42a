import Foundation

@testable import RonAppSdkSwift

/// A lock-protected value shared with server handlers and `@Sendable` closures.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    @discardableResult
    func update<R>(_ change: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return change(&stored)
    }
}

struct Greeting: Codable, Hashable, Sendable {
    let message: String
}

/// Waits until `condition` holds, up to `timeoutMs`; returns whether it did.
func eventually(timeoutMs: Int = 3_000, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(Double(timeoutMs) / 1000)
    while !condition() {
        if Date() > deadline { return false }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return true
}

func makeClient(_ server: LoopbackServer, configure: (inout RonConfig) -> Void = { _ in }) throws -> RonClient {
    var config = RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true)
    configure(&config)
    return try RonClient(config: config)
}

func makeClient(port: Int, configure: (inout RonConfig) -> Void = { _ in }) throws -> RonClient {
    var config = RonConfig(baseUrl: URL(string: "http://127.0.0.1:\(port)"), allowInsecureHttp: true)
    configure(&config)
    return try RonClient(config: config)
}

/// A fast retry policy for tests (1 ms base, no real waiting needed).
func fastPolicy(attempts: Int = 3) -> RetryPolicy {
    RetryPolicy(maxAttempts: attempts, baseDelayMs: 1, maxDelayMs: 5, maxTotalDelayMs: 1_000)
}

/// A port on which nothing listens (bound, then closed).
func closedPort() throws -> Int {
    let server = try LoopbackServer { _ in .respond(status: 200) }
    let port = server.port
    server.stop()
    return port
}
