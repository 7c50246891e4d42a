#if Hummingbird
    import Foundation
    import HTTPTypes
    import Hummingbird
    import HummingbirdTesting
    import RonAppSdkSwift
    import Testing

    /// A tiny Hummingbird server that calls the embedded gateway with the SDK, using the helpers;
    /// served live on loopback.
    @Suite("Hummingbird helpers") struct HummingbirdIntegrationTests {
        static let correlationField = HTTPField.Name("x-correlation-id")!

        func makeApplication(gateway: URL, client: RonClient) -> some ApplicationProtocol {
            let router = Router()
            router.add(middleware: RonHummingbirdMiddleware())
            router.get("correlation") { _, _ -> String in
                try await ProxyHandlers.correlationSeenByGateway(client)
            }
            router.get("missing") { _, _ -> String in
                try await ProxyHandlers.missing(client)
            }
            router.get("explicit") { request, _ -> String in
                let answer: AppResponse<EchoedHeaders> = await client.post(
                    "/echo", body: ["ping": true], query: ["headers": "1"], headers: request.ronCorrelationHeaders)
                return (try? answer.value())?.headers?["x-correlation-id"] ?? ""
            }
            return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        }

        @Test("the incoming correlation id reaches the gateway and comes back")
        func correlationPropagates() async throws {
            try await onGateway { gateway in
                let client = try RonClient(
                    config: RonConfig(
                        baseUrl: gateway, headerProvider: RonCorrelation.headerProvider, allowInsecureHttp: true))
                defer { client.close() }
                try await makeApplication(gateway: gateway, client: client).test(.live) { server in
                    try await server.execute(
                        uri: "/correlation", method: .get, headers: [Self.correlationField: "corr-hb-1"]
                    ) { response in
                        #expect(response.status == .ok)
                        #expect(String(buffer: response.body) == "corr-hb-1")
                        #expect(response.headers[Self.correlationField] == "corr-hb-1")
                    }
                    try await server.execute(
                        uri: "/explicit", method: .get, headers: [HTTPField.Name("x-request-id")!: "req-hb-2"]
                    ) { response in
                        #expect(String(buffer: response.body) == "req-hb-2")
                    }
                }
            }
        }

        @Test("a thrown RonProblem becomes its status, the problem JSON and x-correlation-id")
        func problemResponse() async throws {
            try await onGateway { gateway in
                let client = try RonClient(
                    config: RonConfig(
                        baseUrl: gateway, headerProvider: RonCorrelation.headerProvider, allowInsecureHttp: true))
                defer { client.close() }
                try await makeApplication(gateway: gateway, client: client).test(.live) { server in
                    try await server.execute(
                        uri: "/missing", method: .get, headers: [Self.correlationField: "corr-hb-3"]
                    ) { response in
                        #expect(response.status == .notFound)
                        #expect(response.headers[.contentType] == "application/json")
                        #expect(response.headers[Self.correlationField] == "corr-hb-3")
                        let problem = try JSONDecoder().decode(RonProblem.self, from: Data(buffer: response.body))
                        #expect(problem.status == 404)
                        #expect(problem.correlationId == "corr-hb-3")
                    }
                }
            }
        }
    }
#endif
