/// Whose answers a ``ResponseCache`` keeps apart: an answer stored in one partition is never
/// served in another.
///
/// The default, ``credentials``, makes a partition of every set of credential headers, so one
/// token's answers are never served to another token; but a token refresh then starts an empty
/// partition. An app that knows who is signed in can name the partition itself, and the cache
/// survives token refreshes:
///
/// ```swift
/// let session = SessionStore()   // the app's own, Sendable
/// let cache = try ResponseCache(
///     directory: cachesFolder.appendingPathComponent("ron"),
///     partition: .custom { _ in session.userId })   // nil while signed out: the cache is not used
/// ```
public struct RonCachePartition: Sendable {
    enum Kind: Sendable {
        case credentials
        case custom(@Sendable (TransportRequest) -> String?)
    }

    let kind: Kind

    /// One partition per set of credential headers (`Authorization`, `X-RON-Passport`, cookies and
    /// the other headers the SDK treats as secrets; not `x-request-id`, `x-correlation-id`,
    /// `X-RON-Request-Id` or `X-RON-Correlation-Id`). Only a SHA-256 of them is kept.
    public static let credentials = RonCachePartition(kind: .credentials)

    /// One partition per value `partition` returns for a request (a user id, an account id); the
    /// credentials play no part. `nil` means the request has no partition: its answer is neither
    /// read from nor stored in the cache (a write still removes the answers it changed).
    public static func custom(_ partition: @escaping @Sendable (TransportRequest) -> String?) -> RonCachePartition {
        RonCachePartition(kind: .custom(partition))
    }

    /// The text that names `request`'s partition, or `nil` for none.
    func text(for request: TransportRequest) -> String? {
        switch kind {
        case .custom(let partition):
            return partition(request).map { "custom\n" + $0 }
        case .credentials:
            var lines: [String] = []
            for (name, value) in request.headers where CredentialPolicy.isCredential(name) {
                lines.append(name.lowercased() + ":" + value)
            }
            if lines.count > 1 { lines.sort() }
            return lines.joined(separator: "\n")
        }
    }
}
