#if Metrics
    import CoreMetrics
    import Foundation

    /// Reports every call through swift-metrics, to whatever backend the application bootstrapped
    /// (Prometheus, StatsD, OpenTelemetry…). Available with the package trait `Metrics`.
    ///
    /// | Name (with the default prefix) | Kind | Dimensions |
    /// |---|---|---|
    /// | `ron_client_requests_total` | counter | `method`, `status_class`, `code` |
    /// | `ron_client_request_duration_seconds` | timer | `method`, `status_class` |
    /// | `ron_client_requests_in_flight` | meter (gauge) | `method` |
    /// | `ron_client_retries_total` | counter | `method`, `cause` |
    ///
    /// `method` is the HTTP method, `status_class` is `2xx`…`5xx` (or `none` when no response
    /// came back), `code` is the problem code (`none` on success, for example `rate_limited` or
    /// `local_timeout`), `cause` is the code of the attempt that was retried. Paths are never a
    /// dimension, so the number of series stays bounded.
    ///
    /// Put it first in ``RonConfig/middleware``. Middleware passed as `wrapping` runs inside it,
    /// so the retries of a ``RetryMiddleware`` given there are counted:
    ///
    /// ```swift
    /// let metrics = SwiftMetricsMiddleware(wrapping: [RetryMiddleware()])
    /// let client = try RonClient(config: RonConfig(baseUrl: url, middleware: [metrics]))
    /// ```
    ///
    /// The zero-dependency ``MetricsMiddleware`` stays available for apps without swift-metrics.
    public struct SwiftMetricsMiddleware: RonMiddleware {
        /// The metric names in use.
        public struct Names: Sendable, Hashable {
            /// The calls counter.
            public var requests: String
            /// The call duration timer.
            public var duration: String
            /// The calls in flight.
            public var inFlight: String
            /// The retries counter.
            public var retries: String

            /// Names under `prefix`, for example `ron_client_requests_total`.
            public init(prefix: String = "ron_client") {
                requests = prefix + "_requests_total"
                duration = prefix + "_request_duration_seconds"
                inFlight = prefix + "_requests_in_flight"
                retries = prefix + "_retries_total"
            }
        }

        /// The metric names.
        public let names: Names
        private let factory: any MetricsFactory
        private let inner: AttemptObservingChain

        /// Creates the middleware.
        ///
        /// - Parameters:
        ///   - names: The metric names (default prefix `ron_client`).
        ///   - wrapping: Middleware that runs inside this one (typically a ``RetryMiddleware``).
        ///   - factory: The metrics backend (default: the one bootstrapped in `MetricsSystem`).
        public init(
            names: Names = Names(), wrapping: [any RonMiddleware] = [],
            factory: any MetricsFactory = MetricsSystem.factory
        ) {
            self.names = names
            self.factory = factory
            self.inner = AttemptObservingChain(layers: wrapping)
        }

        /// Passes the request on and records the call.
        public func intercept(
            _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
        ) async throws -> TransportResponse {
            let method = context.method.rawValue
            let inFlight = Meter(label: names.inFlight, dimensions: [("method", method)], factory: factory)
            inFlight.increment()
            defer { inFlight.decrement() }
            let start = DispatchTime.now().uptimeNanoseconds
            let names = self.names
            let factory = self.factory
            let result: Result<TransportResponse, any Error>
            do {
                result = .success(
                    try await inner.run(request, context: context, next: next) { _, previous in
                        guard let previous else { return }
                        Counter(
                            label: names.retries, dimensions: [("method", method), ("cause", previous.code)],
                            factory: factory
                        ).increment()
                    })
            } catch {
                result = .failure(error)
            }
            let outcome = CallOutcome(result)
            let elapsed = DispatchTime.now().uptimeNanoseconds - start
            Counter(
                label: names.requests,
                dimensions: [("method", method), ("status_class", outcome.statusClass), ("code", outcome.code)],
                factory: factory
            ).increment()
            CoreMetrics.Timer(
                label: names.duration, dimensions: [("method", method), ("status_class", outcome.statusClass)],
                factory: factory
            ).recordNanoseconds(elapsed)
            return try result.get()
        }
    }
#endif
