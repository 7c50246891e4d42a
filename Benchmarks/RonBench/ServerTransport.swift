import RonAppSdkSwift

/// The server-side transport contestant: `AsyncHTTPClientTransport`, present when ron-bench is
/// built with the package trait `AsyncHTTPClient` (`swift run -c release --traits AsyncHTTPClient ron-bench`).
enum ServerTransport {
    static let name = "AsyncHTTPClientTransport"

    /// A new transport and the way to shut it down, or `nil` without the trait.
    static func make() -> (transport: any RonTransport, shutdown: @Sendable () async -> Void)? {
        #if AsyncHTTPClient
            let transport = AsyncHTTPClientTransport()
            return (transport, { try? await transport.shutdown() })
        #else
            return nil
        #endif
    }
}
