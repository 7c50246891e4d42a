import Foundation

/// A configuration mistake, thrown by ``RonConfig/fromEnvironment(overrides:environment:)`` and
/// ``RonClient/init(config:)``. Nothing else in the SDK throws it.
public enum SdkConfigError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// No base URL: set ``RonConfig/baseUrl`` or `RON_SDK_GATEWAY_ADDR`.
    case missingBaseUrl
    /// The base URL cannot be used; the text says why.
    case invalidBaseUrl(reason: String)
    /// The base URL is `http://` but ``RonConfig/allowInsecureHttp`` is false.
    case insecureHttpNotAllowed(host: String)
    /// An environment variable holds a bad value; `variable` names it.
    case invalidEnvironment(variable: String, reason: String)
    /// A timeout is outside `1...86_400_000` milliseconds; `name` is the config property.
    case invalidTimeout(name: String, value: Int)
    /// A setting cannot be honoured with this platform or transport; `name` is the config property
    /// and `reason` says what to do instead (never ignored silently).
    case unsupportedSetting(name: String, reason: String)

    /// A one-line explanation naming what is wrong and where.
    public var description: String {
        switch self {
        case .missingBaseUrl:
            return "RonConfig.baseUrl is not set (set it in code or via RON_SDK_GATEWAY_ADDR)"
        case .invalidBaseUrl(let reason):
            return "RonConfig.baseUrl is invalid: \(reason)"
        case .insecureHttpNotAllowed(let host):
            return "RonConfig.baseUrl uses http:// (host \(host)); use https:// or set allowInsecureHttp: true"
        case .invalidEnvironment(let variable, let reason):
            return "environment variable \(variable) is invalid: \(reason)"
        case .invalidTimeout(let name, let value):
            return "RonConfig.\(name) is \(value); it must be within 1...\(RonConfig.Defaults.maxTimeoutMs) ms"
        case .unsupportedSetting(let name, let reason):
            return "RonConfig.\(name) cannot be used here: \(reason)"
        }
    }

    /// Same as ``description``.
    public var errorDescription: String? { description }
}
