import Foundation
import RonAppSdkSwift

/// The body of `/hello`-style answers in tests.
package struct Greeting: Codable, Hashable, Sendable {
    /// The greeting.
    package let message: String

    /// A greeting.
    package init(message: String) { self.message = message }
}

/// A client for a loopback server (plain HTTP allowed); `configure` adjusts the config first.
package func makeClient(_ server: LoopbackServer, configure: (inout RonConfig) -> Void = { _ in }) throws -> RonClient {
    try makeClient(base: server.baseURL, configure: configure)
}

/// A client for `http://127.0.0.1:<port>`.
package func makeClient(port: Int, configure: (inout RonConfig) -> Void = { _ in }) throws -> RonClient {
    try makeClient(base: URL(string: "http://127.0.0.1:\(port)")!, configure: configure)
}

/// A client for any base URL, plain HTTP allowed.
package func makeClient(base: URL, configure: (inout RonConfig) -> Void = { _ in }) throws -> RonClient {
    var config = RonConfig(baseUrl: base, allowInsecureHttp: true)
    configure(&config)
    return try RonClient(config: config)
}

/// A fast retry policy for tests (1 ms base, no real waiting needed).
package func fastPolicy(attempts: Int = 3) -> RetryPolicy {
    RetryPolicy(maxAttempts: attempts, baseDelayMs: 1, maxDelayMs: 5, maxTotalDelayMs: 1_000)
}

/// A port on which nothing listens (bound, then closed).
package func closedPort() throws -> Int {
    try LoopbackServer.closedPort()
}
