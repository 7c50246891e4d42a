/// Why an ``EmbeddedGateway`` could not start or stop.
public enum GatewayError: Error, Sendable, Hashable, CustomStringConvertible {
    /// ``EmbeddedGateway/start()`` was called on a gateway that is already running.
    case alreadyStarted
    /// The gateway was stopped; a gateway runs once.
    case alreadyStopped
    /// A facet of the configuration is unusable: its id and why.
    case invalidFacet(id: String, reason: String)
    /// A fixture file exists but does not decode as its type: the file and why.
    case invalidFixture(path: String, reason: String)
    /// A configuration value is out of range: which one and why.
    case invalidConfiguration(field: String, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .alreadyStarted: return "the gateway is already running"
        case .alreadyStopped: return "the gateway was stopped and cannot start again"
        case .invalidFacet(let id, let reason): return "facet '\(id)': \(reason)"
        case .invalidFixture(let path, let reason): return "fixture \(path): \(reason)"
        case .invalidConfiguration(let field, let reason): return "configuration \(field): \(reason)"
        }
    }
}
