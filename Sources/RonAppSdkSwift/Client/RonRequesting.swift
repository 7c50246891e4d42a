/// Anything that can run an ``AppRequest``: ``RonClient`` and ``FacetClient``.
///
/// The verb helpers (`get`, `post`, `put`, `patch`, `delete`), ``pages(_:path:query:pageSize:headers:)``
/// and ``listAll(_:path:query:pageSize:limit:headers:)`` are built on ``request(_:)``.
public protocol RonRequesting: Sendable {
    /// Runs one call. Never throws: failures come back as ``AppResponse/problem``.
    ///
    /// `T` may be any `Decodable` (decoded from JSON), `Data` (the raw bytes, undecoded),
    /// `String` (the body as UTF-8 text unless the response is JSON) or ``EmptyBody`` (no content).
    func request<T: Decodable>(_ request: AppRequest) async -> sending AppResponse<T>
}
