#if Vapor || Hummingbird
    import Foundation

    /// Carries an incoming request's correlation id into the calls a server handler makes.
    /// Available with the package traits `Vapor` and `Hummingbird`.
    ///
    /// The framework middleware (`RonVaporMiddleware`, `RonHummingbirdMiddleware`) binds
    /// ``current`` for the handler's task; a client built with ``headerProvider`` then sends it as
    /// `x-correlation-id` on every call, so the gateway's logs and problems line up with the
    /// server's own request. Outside a request, calls get a fresh id as usual.
    ///
    /// ```swift
    /// let client = try RonClient(config: RonConfig(baseUrl: url, headerProvider: RonCorrelation.headerProvider))
    /// ```
    public enum RonCorrelation {
        /// The correlation id of the request being handled by this task, if any.
        @TaskLocal public static var current: String?

        /// The header name used in both directions.
        public static let headerName = "x-correlation-id"

        /// A ``RonConfig/headerProvider`` that adds `x-correlation-id: <current>` when a request is
        /// being handled.
        public static let headerProvider: @Sendable () async -> [String: String] = {
            guard let id = current else { return [:] }
            return [headerName: id]
        }

        /// The id to use for an incoming request: its `x-correlation-id`, else its `x-request-id`,
        /// else a new UUID. Values that are not a short token of visible ASCII are replaced.
        public static func incoming(correlationId: String?, requestId: String?) -> String {
            for candidate in [correlationId, requestId] {
                if let value = candidate?.trimmingCharacters(in: .whitespaces), isToken(value) { return value }
            }
            return UUID().uuidString.lowercased()
        }

        private static func isToken(_ value: String) -> Bool {
            !value.isEmpty && value.utf8.count <= 128 && value.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        }
    }

    extension RonProblem {
        /// The HTTP status a server answers with when it passes this problem on: the problem's own
        /// status when it is one of 400–599, 504 for a local timeout, 502 for any other failure
        /// to reach the gateway.
        public var serverResponseStatus: Int {
            if (400...599).contains(status) { return status }
            return code == TransportFailure.Cause.timeout.code ? 504 : 502
        }

        /// The problem as JSON (the wire shape of the App Plane).
        public func jsonBody() -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return (try? encoder.encode(self)) ?? Data(#"{"code":"internal","message":"problem not encodable"}"#.utf8)
        }

        /// The correlation id to send back: the problem's own, else `fallback`.
        func responseCorrelationId(fallback: String?) -> String? {
            correlationId.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
        }
    }
#endif
