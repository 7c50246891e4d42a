#if Vapor
    import Foundation
    import RonAppSdkSwift
    import Testing
    import Vapor

    /// A tiny Vapor server that calls the embedded gateway with the SDK, using the Vapor helpers.
    @Suite("Vapor helpers") struct VaporIntegrationTests {
        /// Starts the example server in front of a gateway at `gateway` and runs `body` with its URL.
        func withServer(gateway: URL, _ body: (URL) async throws -> Void) async throws {
            let client = try RonClient(
                config: RonConfig(
                    baseUrl: gateway, headerProvider: RonCorrelation.headerProvider, allowInsecureHttp: true))
            let app = try await Application.make(.testing)
            app.middleware.use(RonVaporMiddleware())
            app.get("correlation") { _ async throws -> String in
                try await ProxyHandlers.correlationSeenByGateway(client)
            }
            app.get("missing") { _ async throws -> String in
                try await ProxyHandlers.missing(client)
            }
            app.get("explicit") { request async throws -> String in
                let answer: AppResponse<EchoedHeaders> = await client.post(
                    "/echo", body: ["ping": true], query: ["headers": "1"], headers: request.ronCorrelationHeaders)
                return (try? answer.value())?.headers?["x-correlation-id"] ?? ""
            }
            do {
                try await app.server.start(address: .hostname("127.0.0.1", port: 0))
                let port = try #require(app.http.server.shared.localAddress?.port)
                try await body(URL(string: "http://127.0.0.1:\(port)")!)
            } catch {
                await app.server.shutdown()
                try await app.asyncShutdown()
                client.close()
                throw error
            }
            await app.server.shutdown()
            try await app.asyncShutdown()
            client.close()
        }

        @Test("the incoming correlation id reaches the gateway and comes back")
        func correlationPropagates() async throws {
            try await onGateway { gateway in
                try await withServer(gateway: gateway) { server in
                    let (status, headers, body) = try await fetch(
                        server.appendingPathComponent("correlation"), headers: ["x-correlation-id": "corr-vapor-1"])
                    #expect(status == 200)
                    #expect(String(decoding: body, as: UTF8.self) == "corr-vapor-1")
                    #expect(headers["x-correlation-id"] == "corr-vapor-1")
                    let (_, _, explicit) = try await fetch(
                        server.appendingPathComponent("explicit"), headers: ["x-request-id": "req-vapor-2"])
                    #expect(String(decoding: explicit, as: UTF8.self) == "req-vapor-2")
                }
            }
        }

        @Test("a thrown RonProblem becomes its status, the problem JSON and x-correlation-id")
        func problemResponse() async throws {
            try await onGateway { gateway in
                try await withServer(gateway: gateway) { server in
                    let (status, headers, body) = try await fetch(
                        server.appendingPathComponent("missing"), headers: ["x-correlation-id": "corr-vapor-3"])
                    #expect(status == 404)
                    #expect(headers["content-type"]?.hasPrefix("application/json") == true)
                    #expect(headers["x-correlation-id"] == "corr-vapor-3")
                    let problem = try JSONDecoder().decode(RonProblem.self, from: body)
                    #expect(problem.status == 404)
                    #expect(problem.correlationId == "corr-vapor-3")
                }
            }
        }

        @Test("a transport problem becomes 502, a local timeout 504")
        func transportProblemStatus() throws {
            let failed = RonProblem(code: "connect_failed", message: "no", kind: "transport", status: 0)
            let response = Response(ronProblem: failed, correlationId: "c-1")
            #expect(response.status.code == 502)
            #expect(response.headers.first(name: "x-correlation-id") == "c-1")
            let timedOut = RonProblem(code: "local_timeout", message: "late", kind: "transport", status: 0)
            #expect(Response(ronProblem: timedOut).status.code == 504)
        }
    }
#endif
