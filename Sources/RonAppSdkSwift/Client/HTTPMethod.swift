/// An HTTP method. The common ones are static members; any other token can be made with
/// ``init(rawValue:)``.
public struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The method token, for example `GET`.
    public let rawValue: String

    /// Creates a method; the token is uppercased.
    public init(rawValue: String) {
        self.rawValue = rawValue.uppercased()
    }

    /// `GET`.
    public static let get = HTTPMethod(rawValue: "GET")
    /// `POST`.
    public static let post = HTTPMethod(rawValue: "POST")
    /// `PUT`.
    public static let put = HTTPMethod(rawValue: "PUT")
    /// `PATCH`.
    public static let patch = HTTPMethod(rawValue: "PATCH")
    /// `DELETE`.
    public static let delete = HTTPMethod(rawValue: "DELETE")
    /// `HEAD`.
    public static let head = HTTPMethod(rawValue: "HEAD")

    /// Whether calls with this method carry an idempotency key (POST, PUT, PATCH, DELETE).
    public var carriesIdempotencyKey: Bool {
        // Only these four start with P or D: most calls (GET) are answered by their first byte.
        guard let first = rawValue.utf8.first, first == UInt8(ascii: "P") || first == UInt8(ascii: "D") else {
            return false
        }
        return self == .post || self == .put || self == .patch || self == .delete
    }

    /// The method token.
    public var description: String { rawValue }
}
