#if Metrics || Tracing
    import Foundation

    /// How one call (or attempt) ended, reduced to labels of bounded cardinality for metrics and
    /// spans: the status class, the problem code and, for a failure without a response, the
    /// transport cause.
    struct CallOutcome: Sendable, Equatable {
        /// The HTTP status, or `nil` when no response came back.
        var status: Int?
        /// `2xx`…`5xx`, or `none` without a response.
        var statusClass: String
        /// The problem code (`none` for a success); unknown shapes become `other`.
        var code: String

        init(_ result: Result<TransportResponse, any Error>) {
            switch result {
            case .success(let response):
                status = response.status
                statusClass = "\(min(max(response.status / 100, 1), 5))xx"
                if response.status >= 400 {
                    let problem = ProblemMapper.fromHTTP(
                        status: response.status, headers: response.headers, body: response.body)
                    code = Self.bounded(problem.code)
                } else {
                    code = "none"
                }
            case .failure(let error):
                status = nil
                statusClass = "none"
                if let problem = error as? RonProblem {
                    code = Self.bounded(problem.code)
                } else {
                    code = TransportFailure.classify(error).cause.code
                }
            }
        }

        /// Problem codes are short words of letters, digits and `_` (`rate_limited`, `NOT_FOUND`);
        /// anything else (a server sending free text) becomes `other` so a label never takes
        /// unbounded values.
        static func bounded(_ code: String) -> String {
            let allowed = code.utf8.allSatisfy {
                ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F
            }
            return allowed && !code.isEmpty && code.utf8.count <= 48 ? code : "other"
        }
    }

    /// Runs inner middleware with a hook before each attempt reaches the transport, so an outer
    /// observer sees the retries that a ``RetryMiddleware`` inside it makes.
    struct AttemptObservingChain: Sendable {
        let layers: [any RonMiddleware]

        /// Runs the layers, calling `onAttempt(number, previousOutcome)` before every attempt;
        /// the previous outcome is `nil` for the first.
        func run(
            _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext,
            onAttempt: @escaping @Sendable (Int, CallOutcome?) -> Void
        ) async throws -> TransportResponse {
            try await withoutActuallyEscaping(next) { next in
                try await run(request, context: context, escapingNext: next, onAttempt: onAttempt)
            }
        }

        private func run(
            _ request: TransportRequest, context: MiddlewareContext, escapingNext next: @escaping RonMiddlewareNext,
            onAttempt: @escaping @Sendable (Int, CallOutcome?) -> Void
        ) async throws -> TransportResponse {
            let counter = AttemptCounter()
            return try await MiddlewareChain(layers: layers).run(request, context: context) { attempt in
                let (number, previous) = counter.begin()
                onAttempt(number, previous)
                let result: Result<TransportResponse, any Error>
                do {
                    result = .success(try await next(attempt))
                } catch {
                    result = .failure(error)
                }
                counter.end(CallOutcome(result))
                return try result.get()
            }
        }
    }

    /// The attempt number and last outcome of one call, behind a lock.
    private final class AttemptCounter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        private var last: CallOutcome?

        func begin() -> (Int, CallOutcome?) {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return (count, last)
        }

        func end(_ outcome: CallOutcome) {
            lock.lock()
            last = outcome
            lock.unlock()
        }
    }
#endif
