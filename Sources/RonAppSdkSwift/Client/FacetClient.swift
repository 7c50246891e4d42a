/// A view of a ``RonClient`` scoped to one facet: every call goes to
/// `{base}/app/facets/{id}{path}`. Made by ``RonClient/facet(_:)``; it has the same verbs.
///
/// The id is sent percent-encoded as one path segment. An empty id, or one containing `/`, `?`,
/// `#` or a control character, or equal to `.`/`..`, makes every call return an
/// `invalid_facet_id` problem (kind `"local"`).
public struct FacetClient: RonRequesting {
    /// The client the calls go through.
    public let client: RonClient
    /// The facet id.
    public let id: String

    init(client: RonClient, id: String) {
        self.client = client
        self.id = id
    }

    /// Whether the id can be used.
    public var isValid: Bool {
        !id.isEmpty && id != "." && id != ".."
            && !id.unicodeScalars.contains {
                $0 == "/" || $0 == "?" || $0 == "#" || $0.properties.generalCategory == .control
            }
    }

    /// Runs one call below `/app/facets/{id}` (a path without a leading `/` gets one; the empty
    /// path is `/app/facets/{id}`).
    public func request<T: Decodable>(_ request: AppRequest) async -> sending AppResponse<T> {
        guard isValid else {
            return AppResponse(status: 0, problem: LocalNetworkError.invalidFacetId(id).problem)
        }
        var scoped = request
        // As for the client: a missing leading `/` is added, and the empty path is the facet's root.
        let path = request.path.isEmpty || request.path.hasPrefix("/") ? request.path : "/" + request.path
        scoped.path = "/facets/" + id + path
        return await client.request(scoped)
    }
}
