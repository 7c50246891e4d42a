#if Hummingbird
    import Foundation
    import HTTPTypes
    import Hummingbird

    extension Response {
        /// A response for `problem`: status `RonProblem.serverResponseStatus`, the problem JSON
        /// (`application/json`) and `x-correlation-id` (the problem's, else `correlationId`).
        public init(ronProblem problem: RonProblem, correlationId: String? = nil) {
            var fields = HTTPFields()
            fields[.contentType] = "application/json"
            if let id = problem.responseCorrelationId(fallback: correlationId),
                let name = HTTPField.Name(RonCorrelation.headerName)
            {
                fields[name] = id
            }
            self.init(
                status: HTTPResponse.Status(code: problem.serverResponseStatus), headers: fields,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: problem.jsonBody())))
        }
    }

    extension Request {
        /// This request's correlation id: its `x-correlation-id`, else its `x-request-id`, else a
        /// new UUID.
        public var ronCorrelationId: String {
            RonCorrelation.incoming(
                correlationId: HTTPField.Name(RonCorrelation.headerName).flatMap { headers[$0] },
                requestId: HTTPField.Name("x-request-id").flatMap { headers[$0] })
        }

        /// `["x-correlation-id": ronCorrelationId]`, to pass as a call's headers.
        public var ronCorrelationHeaders: [String: String] { [RonCorrelation.headerName: ronCorrelationId] }
    }

    /// Hummingbird middleware for handlers that call a RON gateway. Available with the package
    /// trait `Hummingbird`.
    ///
    /// - binds ``RonCorrelation/current`` to the request's correlation id while the handler runs
    ///   (a client built with ``RonCorrelation/headerProvider`` sends it on);
    /// - turns a `RonProblem` thrown by the handler into its status, the problem JSON and
    ///   `x-correlation-id` (`Response(ronProblem:correlationId:)`);
    /// - adds `x-correlation-id` to every response that has none.
    ///
    /// ```swift
    /// router.add(middleware: RonHummingbirdMiddleware())
    /// ```
    public struct RonHummingbirdMiddleware<Context: RequestContext>: RouterMiddleware {
        /// Creates the middleware.
        public init() {}

        /// Runs the handler with the correlation id bound.
        public func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            let id = request.ronCorrelationId
            guard let name = HTTPField.Name(RonCorrelation.headerName) else { return try await next(request, context) }
            var response: Response
            do {
                response = try await RonCorrelation.$current.withValue(id) { try await next(request, context) }
            } catch let problem as RonProblem {
                response = Response(ronProblem: problem, correlationId: id)
            }
            if response.headers[name] == nil { response.headers[name] = id }
            return response
        }
    }
#endif
