/// A failure on this side of the wire: the request could not even be built.
///
/// Request methods never throw it: they return an ``AppResponse`` with `status == 0` and a problem
/// whose `kind` is `"local"`, `code` is ``code`` and `retryable` is `false` (see ``problem``).
/// Only the body makers of ``AppRequestBody`` (``AppRequestBody/json(_:encoder:contentType:)``, forms, multipart
/// bodies, files) throw it, when you build a body yourself.
public enum LocalNetworkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path is not usable (`invalid_path`): a `.`/`..` segment, `?`, `#` or a control character.
    case invalidPath(String, reason: String)
    /// A header name or value is not allowed (`invalid_header`), for example a CR or LF in a value.
    case invalidHeader(name: String, reason: String)
    /// The facet id is empty or contains `/`, `.`/`..` or a control character (`invalid_facet_id`).
    case invalidFacetId(String)
    /// The request body could not be encoded or sent as made (`encode_failed`): JSON, a form, a
    /// multipart body, a file that cannot be read or changed after the body was made, or a stream
    /// that cannot be read again or yields another length than it declared. `type` names what was
    /// encoded.
    case bodyEncodingFailed(type: String, reason: String)
    /// The client was closed (`client_closed`).
    case clientClosed

    /// The problem code.
    public var code: String {
        switch self {
        case .invalidPath: return "invalid_path"
        case .invalidHeader: return "invalid_header"
        case .invalidFacetId: return "invalid_facet_id"
        case .bodyEncodingFailed: return "encode_failed"
        case .clientClosed: return "client_closed"
        }
    }

    /// What went wrong and where.
    public var description: String {
        switch self {
        case .invalidPath(let path, let reason):
            // The path may carry a secret (`/download?token=…`): it is shown redacted.
            return "invalid path \(Self.quote(Redactor.text(path))): \(reason)"
        case .invalidHeader(let name, let reason):
            return "invalid header \(Self.quote(name)): \(reason)"
        case .invalidFacetId(let id):
            return "invalid facet id \(Self.quote(id)): it must be one non-empty path segment"
        case .bodyEncodingFailed(let type, let reason):
            return "could not encode the request body of type \(type): \(reason)"
        case .clientClosed:
            return "the client was closed"
        }
    }

    /// The problem a request method reports for this error.
    public var problem: RonProblem {
        RonProblem(code: code, message: description, kind: "local", status: 0, retryable: false)
    }

    private static func quote(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(80).map { scalar -> String in
            scalar.properties.generalCategory == .control ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        return "\"\(shown)\(text.unicodeScalars.count > 80 ? "..." : "")\""
    }
}
