#if Tracing
    import Foundation
    import InMemoryTracing
    import RonAppSdkSwift
    import Testing
    import Tracing

    /// `TracingMiddleware` around real calls against the embedded gateway.
    @Suite("swift-distributed-tracing") struct TracingIntegrationTests {
        @Test("a client span per call, child of the current context, propagated to the gateway")
        func spanPerCall() async throws {
            let tracer = InMemoryTracer()
            let tracing = TracingMiddleware(
                tracer: tracer, wrapping: [RetryMiddleware(policy: quickRetries, sleep: { _ in })])
            try await onGateway { base in
                let client = try RonClient(
                    config: RonConfig(baseUrl: base, allowInsecureHttp: true, middleware: [tracing]))
                defer { client.close() }
                let parent = tracer.startSpan("incoming request")
                let seen = try await ServiceContext.withValue(parent.context) {
                    let answer: AppResponse<EchoedHeaders> = await client.post(
                        "/echo", body: ["ping": true], query: ["headers": "1"],
                        headers: ["x-correlation-id": "corr-trace-1"])
                    return try #require((try? answer.value())?.headers)
                }
                parent.end()
                let busy: AppResponse<Hello> = await client.get("/_test/unavailable", query: ["retry_after_ms": "0"])
                #expect(busy.status == 503)
                let spans = tracer.finishedSpans
                let post = try #require(spans.first { $0.operationName == "POST" })
                #expect(post.kind == .client)
                #expect(post.attributes["http.request.method"]?.toSpanAttribute() == .string("POST"))
                #expect(post.attributes["http.response.status_code"]?.toSpanAttribute() == .int64(200))
                #expect(post.attributes["ron.correlation_id"]?.toSpanAttribute() == .string("corr-trace-1"))
                #expect(post.attributes["server.address"]?.toSpanAttribute() == .string("127.0.0.1"))
                #expect(post.spanContext.traceID == parent.spanContext.traceID)
                #expect(seen[InMemoryTracer.traceIDKey] == parent.spanContext.traceID, "the gateway saw the trace")
                #expect(seen[InMemoryTracer.spanIDKey] == post.spanContext.spanID)
                let get = try #require(spans.first { $0.operationName == "GET" })
                #expect(get.attributes["error.type"]?.toSpanAttribute() == .string("503"))
                #expect(get.status?.code == .error)
                let retries = get.events.filter { $0.name == "http.retry" }
                #expect(retries.count == 2)
                #expect(retries.first?.attributes["ron.retry.cause"]?.toSpanAttribute() == .string("too_busy"))
            }
        }
    }
#endif
