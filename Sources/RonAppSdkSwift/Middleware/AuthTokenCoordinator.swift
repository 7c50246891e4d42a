/// Holds the token of an ``AuthRefreshMiddleware`` and makes sure only one refresh runs at a time.
public actor AuthTokenCoordinator {
    private let refresh: @Sendable () async throws -> String
    private var authorization: String?
    private var inFlight: Task<String, any Error>?
    private var count = 0

    init(initialToken: String?, refresh: @escaping @Sendable () async throws -> String) {
        self.refresh = refresh
        self.authorization = initialToken.map(HeaderComposer.authorizationValue)
    }

    /// The `Authorization` value to send, once a token is known.
    public var currentAuthorization: String? { authorization }

    /// How many refreshes have been started.
    public var refreshCount: Int { count }

    /// A newer `Authorization` value than `rejected`: the one already refreshed by another call,
    /// the one being refreshed right now, or a new refresh's.
    ///
    /// - Throws: What the refresh function threw.
    public func refreshedAuthorization(rejected: String?) async throws -> String {
        if let authorization, authorization != rejected { return authorization }
        if let inFlight { return try await inFlight.value }
        let refresh = self.refresh
        let task = Task { HeaderComposer.authorizationValue(try await refresh()) }
        inFlight = task
        count += 1
        do {
            let value = try await task.value
            authorization = value
            inFlight = nil
            return value
        } catch {
            inFlight = nil
            throw error
        }
    }
}
