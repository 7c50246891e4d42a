/// Folds an ordered list of ``RonMiddleware`` around a terminal step (the transport).
struct MiddlewareChain: Sendable {
    let layers: [any RonMiddleware]

    /// Runs `request` through every layer, outermost first, and then `terminal`.
    func run(
        _ request: TransportRequest, context: MiddlewareContext, terminal: @escaping RonMiddlewareNext
    ) async throws -> TransportResponse {
        try await step(0, request, context, terminal)
    }

    private func step(
        _ index: Int, _ request: TransportRequest, _ context: MiddlewareContext, _ terminal: @escaping RonMiddlewareNext
    ) async throws -> TransportResponse {
        guard index < layers.count else { return try await terminal(request) }
        return try await layers[index].intercept(request, context: context) { inner in
            try await step(index + 1, inner, context, terminal)
        }
    }
}
