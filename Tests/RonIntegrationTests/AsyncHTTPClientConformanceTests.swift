#if AsyncHTTPClient
    import AsyncHTTPClient
    import Foundation
    import RonAppSdkSwift
    import RonTestSupport
    import Testing

    /// `AsyncHTTPClientTransport` keeps every rule of the transport contract
    /// (``TransportConformance``), with its client's decompression off (the default) and on.
    @Suite struct AsyncHTTPClientConformanceTests {
        @Test(arguments: [false, true])
        func theAsyncHTTPClientTransportKeepsEveryRuleOfATransport(decompression: Bool) async throws {
            var configuration = HTTPClient.Configuration()
            if decompression { configuration.decompression = .enabled(limit: .ratio(50)) }
            let transport = AsyncHTTPClientTransport(configuration: configuration)
            let failures: [TransportConformance.Failure]
            do {
                failures = try await TransportConformance.check(transport)
            } catch {
                try await transport.shutdown()
                throw error
            }
            try await transport.shutdown()
            #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
        }
    }
#endif
