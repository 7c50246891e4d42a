#if Metrics
    import Foundation
    import MetricsTestKit
    import RonAppSdkSwift
    import Testing

    @testable import RonAppSdkSwift

    /// `SwiftMetricsMiddleware` reporting real calls against the embedded gateway.
    @Suite("swift-metrics") struct MetricsIntegrationTests {
        @Test("calls, durations, in-flight and retries are reported with bounded labels")
        func reportsCalls() async throws {
            let metrics = TestMetrics()
            let retry = RetryMiddleware(policy: quickRetries, sleep: { _ in })
            let middleware = SwiftMetricsMiddleware(wrapping: [retry], factory: metrics)
            try await onGateway { base in
                let client = try RonClient(
                    config: RonConfig(baseUrl: base, allowInsecureHttp: true, middleware: [middleware]))
                defer { client.close() }
                let hello: AppResponse<Hello> = await client.get("/hello")
                #expect(hello.ok)
                let missing: AppResponse<Hello> = await client.get("/_test/not-found")
                #expect(missing.status == 404)
                let busy: AppResponse<Hello> = await client.get("/_test/unavailable", query: ["retry_after_ms": "0"])
                #expect(busy.status == 503)
            }
            let names = SwiftMetricsMiddleware.Names()
            #expect(names.requests == "ron_client_requests_total")
            let ok = try metrics.expectCounter(
                names.requests, [("method", "GET"), ("status_class", "2xx"), ("code", "none")])
            #expect(ok.totalValue == 1)
            let notFound = try metrics.expectCounter(
                names.requests, [("method", "GET"), ("status_class", "4xx"), ("code", "NOT_FOUND")])
            #expect(notFound.totalValue == 1)
            let unavailable = try metrics.expectCounter(
                names.requests, [("method", "GET"), ("status_class", "5xx"), ("code", "too_busy")])
            #expect(unavailable.totalValue == 1, "one call, however many attempts")
            let retries = try metrics.expectCounter(names.retries, [("method", "GET"), ("cause", "too_busy")])
            #expect(retries.totalValue == 2)
            let timer = try metrics.expectTimer(names.duration, [("method", "GET"), ("status_class", "2xx")])
            #expect(timer.values.count == 1)
            let inFlight = try metrics.expectMeter(names.inFlight, [("method", "GET")])
            #expect(inFlight.lastValue == 0)
            let labels = metrics.counters.flatMap { $0.dimensions.map(\.0) }
            #expect(Set(labels).isSubset(of: ["method", "status_class", "code", "cause"]))
        }

        @Test("codes that are not short words of letters, digits and _ become `other`")
        func boundedCodes() {
            #expect(CallOutcome.bounded("rate_limited") == "rate_limited")
            #expect(CallOutcome.bounded("user 42 not found") == "other")
            #expect(CallOutcome.bounded(String(repeating: "a", count: 80)) == "other")
        }
    }
#endif
