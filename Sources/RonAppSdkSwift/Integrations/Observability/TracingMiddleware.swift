#if Tracing
    import Foundation
    import Tracing

    /// Starts a client span for every call through swift-distributed-tracing and propagates it to
    /// the gateway. Available with the package trait `Tracing`.
    ///
    /// - The span is a child of the task's current `ServiceContext` (an incoming request's span in a
    ///   Vapor or Hummingbird handler), of kind `client`, named after the HTTP method.
    /// - The tracer injects the span's context into the request headers: with an OpenTelemetry
    ///   tracer (swift-otel) that is the W3C `traceparent` (and `tracestate`) header.
    /// - Attributes follow the OpenTelemetry HTTP client conventions: `http.request.method`,
    ///   `url.full` (secrets in the query redacted), `url.scheme`, `server.address`, `server.port`,
    ///   `http.response.status_code`, `error.type`, `http.request.resend_count`; plus
    ///   `ron.request_id`, `ron.correlation_id` and `ron.problem.code`.
    /// - Each retry of a ``RetryMiddleware`` passed as `wrapping` is an `http.retry` event with the
    ///   attempt number and the cause of the attempt before.
    ///
    /// ```swift
    /// let tracing = TracingMiddleware(wrapping: [RetryMiddleware()])
    /// let client = try RonClient(config: RonConfig(baseUrl: url, middleware: [tracing]))
    /// ```
    public struct TracingMiddleware: RonMiddleware {
        private let tracer: (any Tracer)?
        private let inner: AttemptObservingChain

        /// Creates the middleware.
        ///
        /// - Parameters:
        ///   - tracer: The tracer (default: the one bootstrapped in `InstrumentationSystem`, read at
        ///     each call).
        ///   - wrapping: Middleware that runs inside the span (typically a ``RetryMiddleware``).
        public init(tracer: (any Tracer)? = nil, wrapping: [any RonMiddleware] = []) {
            self.tracer = tracer
            self.inner = AttemptObservingChain(layers: wrapping)
        }

        /// Runs the call inside a client span.
        public func intercept(
            _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
        ) async throws -> TransportResponse {
            let tracer: any Tracer = self.tracer ?? InstrumentationSystem.tracer
            return try await traced(tracer, request, context: context, next: next)
        }

        private func traced<T: Tracer>(
            _ tracer: T, _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
        ) async throws -> TransportResponse {
            let method = context.method.rawValue
            let span = tracer.startSpan(method, context: ServiceContext.current ?? .topLevel, ofKind: .client)
            defer { span.end() }
            let scheme = request.url.scheme?.lowercased() ?? "https"
            span.attributes["http.request.method"] = method
            span.attributes["url.full"] = context.redactedURL
            span.attributes["url.scheme"] = scheme
            span.attributes["server.address"] = request.url.host ?? ""
            span.attributes["server.port"] = request.url.port ?? (scheme == "http" ? 80 : 443)
            if let id = context.requestId { span.attributes["ron.request_id"] = id }
            if let id = context.correlationId { span.attributes["ron.correlation_id"] = id }
            var request = request
            var carrier: [String: String] = [:]
            tracer.inject(span.context, into: &carrier, using: HeaderInjector())
            for (name, value) in carrier {
                request.setHeader(name, value)
            }
            let result: Result<TransportResponse, any Error>
            do {
                result = .success(
                    try await inner.run(request, context: context, next: next) { attempt, previous in
                        guard let previous else { return }
                        var attributes = SpanAttributes()
                        attributes["http.request.resend_count"] = attempt - 1
                        attributes["ron.retry.cause"] = previous.code
                        span.addEvent(SpanEvent(name: "http.retry", attributes: attributes))
                        span.attributes["http.request.resend_count"] = attempt - 1
                    })
            } catch {
                result = .failure(error)
            }
            Self.record(CallOutcome(result), on: span)
            if case .failure(let error) = result { span.recordError(error) }
            return try result.get()
        }

        private static func record(_ outcome: CallOutcome, on span: some Span) {
            if let status = outcome.status { span.attributes["http.response.status_code"] = status }
            if outcome.code != "none" { span.attributes["ron.problem.code"] = outcome.code }
            if let status = outcome.status, status < 400 { return }
            span.attributes["error.type"] = outcome.status.map(String.init) ?? outcome.code
            span.setStatus(SpanStatus(code: .error))
        }
    }

    /// Writes injected trace context into a header dictionary.
    private struct HeaderInjector: Injector {
        func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) {
            carrier[key] = value
        }
    }
#endif
