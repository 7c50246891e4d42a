#if Vapor
    import Foundation
    import Vapor

    extension Response {
        /// A response for `problem`: status `RonProblem.serverResponseStatus`, the problem JSON
        /// (`application/json`) and `x-correlation-id` (the problem's, else `correlationId`).
        public convenience init(ronProblem problem: RonProblem, correlationId: String? = nil) {
            var headers = HTTPHeaders()
            headers.contentType = .json
            if let id = problem.responseCorrelationId(fallback: correlationId) {
                headers.replaceOrAdd(name: RonCorrelation.headerName, value: id)
            }
            self.init(
                status: HTTPResponseStatus(statusCode: problem.serverResponseStatus), headers: headers,
                body: .init(data: problem.jsonBody()))
        }
    }

    extension Request {
        /// This request's correlation id: its `x-correlation-id`, else its `x-request-id`, else
        /// Vapor's request id.
        public var ronCorrelationId: String {
            RonCorrelation.incoming(
                correlationId: headers.first(name: RonCorrelation.headerName),
                requestId: headers.first(name: "x-request-id") ?? id)
        }

        /// `["x-correlation-id": ronCorrelationId]`, to pass as a call's headers.
        public var ronCorrelationHeaders: [String: String] { [RonCorrelation.headerName: ronCorrelationId] }
    }

    /// Vapor middleware for handlers that call a RON gateway. Available with the package trait `Vapor`.
    ///
    /// - binds ``RonCorrelation/current`` to the request's correlation id while the handler runs
    ///   (a client built with ``RonCorrelation/headerProvider`` sends it on);
    /// - turns a `RonProblem` thrown by the handler into ``Vapor/Response/init(ronProblem:correlationId:)``;
    /// - adds `x-correlation-id` to every response that has none.
    ///
    /// ```swift
    /// app.middleware.use(RonVaporMiddleware())
    /// ```
    public struct RonVaporMiddleware: AsyncMiddleware {
        /// Creates the middleware.
        public init() {}

        /// Runs the handler with the correlation id bound.
        public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            let id = request.ronCorrelationId
            let response: Response
            do {
                response = try await RonCorrelation.$current.withValue(id) {
                    try await next.respond(to: request)
                }
            } catch let problem as RonProblem {
                return Response(ronProblem: problem, correlationId: id)
            }
            if !response.headers.contains(name: RonCorrelation.headerName) {
                response.headers.replaceOrAdd(name: RonCorrelation.headerName, value: id)
            }
            return response
        }
    }
#endif
