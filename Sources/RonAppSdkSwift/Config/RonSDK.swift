/// Facts about this SDK build.
public enum RonSDK {
    /// The SDK version, sent in the `User-Agent` header as `ron-app-sdk-swift/<version>`.
    public static let version = "0.1.0"

    /// The `User-Agent` value every request carries.
    public static var userAgent: String { "ron-app-sdk-swift/\(version)" }

    /// The largest response body the SDK accepts: 1 MiB, the RON-CORE frame bound.
    ///
    /// A larger body is refused with the problem code `response_too_large`.
    public static let maxResponseBytes = 1_048_576
}
