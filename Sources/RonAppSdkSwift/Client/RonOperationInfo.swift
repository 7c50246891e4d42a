/// What the schema says about one operation, as the generated operation catalog lists it
/// (`RonOperationCatalog.operations`): enough for a tool to call it and check the answer.
public struct RonOperationInfo: Sendable, Hashable {
    /// The `operationId` (or the name made from the method and the path).
    public var operationId: String
    /// The HTTP method, upper case.
    public var method: String
    /// The path template below ``serverPath`` (`/facets/{id}/{path}`).
    public var path: String
    /// The schema name of the 2xx JSON body's type (the event data's for a stream), or `nil`.
    public var responseType: String?
    /// Whether the answer is a `text/event-stream`.
    public var eventStream: Bool
    /// Where the operation is defined (`file#/paths/...`).
    public var origin: String
    /// Each parameter's location (`path`, `query`, `header`) by name.
    public var parameters: [String: String]
    /// The names of the parameters a call must give.
    public var requiredParameters: [String]
    /// The schema's `example` (or first of `examples`) of parameters, by name, as text.
    public var examples: [String: String]
    /// The path below the base URL that ``path`` is below: `/app` (App Plane documents, and those
    /// without `servers`), or the path of the document's first server URL (`/v2`, `""` for the root).
    public var serverPath: String
    /// The operation's security requirements (``AppRequest/security``), or `nil` when it declares none.
    public var security: [RonSecurityRequirement]? = nil

    /// An operation's description.
    public init(
        operationId: String, method: String, path: String, responseType: String?, eventStream: Bool, origin: String,
        parameters: [String: String], requiredParameters: [String], examples: [String: String],
        serverPath: String = "/app"
    ) {
        self.serverPath = serverPath
        self.operationId = operationId
        self.method = method
        self.path = path
        self.responseType = responseType
        self.eventStream = eventStream
        self.origin = origin
        self.parameters = parameters
        self.requiredParameters = requiredParameters
        self.examples = examples
    }

    /// Whether the call is safe to make against a live node (a `GET` or `HEAD`).
    public var isSafe: Bool { method == "GET" || method == "HEAD" }
}
