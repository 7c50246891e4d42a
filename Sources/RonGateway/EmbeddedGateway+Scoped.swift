import Foundation

extension EmbeddedGateway {
    /// Starts a gateway with `configuration`, runs `body` with its base URL, and stops it, also when
    /// `body` throws: the shape a test wants.
    ///
    /// ```swift
    /// try await EmbeddedGateway.withRunning { base in
    ///     let client = try RonClient(config: RonConfig(baseUrl: base, allowInsecureHttp: true))
    ///     let hello: AppResponse<Hello> = await client.get("/hello")
    /// }
    /// ```
    public static func withRunning<R>(
        _ configuration: GatewayConfiguration = GatewayConfiguration(), _ body: (URL) async throws -> R
    ) async throws -> R {
        let gateway = EmbeddedGateway(configuration: configuration)
        let base = try await gateway.start()
        do {
            let result = try await body(base)
            try await gateway.stop()
            return result
        } catch {
            try? await gateway.stop()
            throw error
        }
    }
}
