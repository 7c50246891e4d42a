import Foundation

extension RonConfig {
    /// The environment variables ``fromEnvironment(overrides:environment:)`` reads.
    public enum EnvironmentKey {
        /// The gateway base URL.
        public static let gatewayAddr = "RON_SDK_GATEWAY_ADDR"
        /// ``RonConfig/overallTimeoutMs`` in milliseconds.
        public static let overallTimeoutMs = "RON_SDK_OVERALL_TIMEOUT_MS"
        /// ``RonConfig/connectTimeoutMs`` in milliseconds.
        public static let connectTimeoutMs = "RON_SDK_CONNECT_TIMEOUT_MS"
        /// ``RonConfig/readTimeoutMs`` in milliseconds.
        public static let readTimeoutMs = "RON_SDK_READ_TIMEOUT_MS"
        /// ``RonConfig/writeTimeoutMs`` in milliseconds.
        public static let writeTimeoutMs = "RON_SDK_WRITE_TIMEOUT_MS"
        /// ``RonConfig/allowInsecureHttp``: `1` or `true` allows an `http://` gateway address,
        /// `0` or `false` leaves it refused (as the family's PHP and JVM SDKs read it).
        public static let insecureHttp = "RON_SDK_INSECURE_HTTP"
    }

    /// Builds a configuration from environment variables, with `overrides` winning.
    ///
    /// Reads `RON_SDK_GATEWAY_ADDR`, `RON_SDK_OVERALL_TIMEOUT_MS`, `RON_SDK_CONNECT_TIMEOUT_MS`,
    /// `RON_SDK_READ_TIMEOUT_MS`, `RON_SDK_WRITE_TIMEOUT_MS` and `RON_SDK_INSECURE_HTTP` (which can
    /// only turn ``RonConfig/allowInsecureHttp`` on; `true` in `overrides` stays). A value set in `overrides` is kept
    /// and the variable is not even parsed; an empty variable counts as unset. Everything else in
    /// `overrides` (credentials, hooks, flags) is copied as is.
    ///
    /// - Parameters:
    ///   - overrides: Explicit settings; non-nil values win over the environment.
    ///   - environment: The variables to read (default: the process environment). On iOS-family
    ///     platforms pass values from your app's own configuration instead.
    /// - Throws: ``SdkConfigError/invalidEnvironment(variable:reason:)`` naming the variable when a
    ///   flag is not `1`, `0`, `true` or `false`, or when a
    ///   value is not a positive whole number of milliseconds or not an absolute http(s) URL.
    public static func fromEnvironment(
        overrides: RonConfig = RonConfig(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> RonConfig {
        var config = overrides
        if config.baseUrl == nil, let raw = value(EnvironmentKey.gatewayAddr, in: environment) {
            config.baseUrl = try parseBaseUrl(raw, variable: EnvironmentKey.gatewayAddr)
        }
        config.overallTimeoutMs =
            try config.overallTimeoutMs
            ?? milliseconds(EnvironmentKey.overallTimeoutMs, in: environment)
        config.connectTimeoutMs =
            try config.connectTimeoutMs
            ?? milliseconds(EnvironmentKey.connectTimeoutMs, in: environment)
        config.readTimeoutMs =
            try config.readTimeoutMs
            ?? milliseconds(EnvironmentKey.readTimeoutMs, in: environment)
        config.writeTimeoutMs =
            try config.writeTimeoutMs
            ?? milliseconds(EnvironmentKey.writeTimeoutMs, in: environment)
        if !config.allowInsecureHttp {
            config.allowInsecureHttp = try flag(EnvironmentKey.insecureHttp, in: environment) ?? false
        }
        return config
    }

    private static func flag(_ name: String, in environment: [String: String]) throws -> Bool? {
        guard let raw = value(name, in: environment) else { return nil }
        switch raw.lowercased() {
        case "1", "true", "yes": return true
        case "0", "false", "no": return false
        default:
            throw SdkConfigError.invalidEnvironment(
                variable: name, reason: "'\(raw.prefix(32))' is not 1, 0, true or false")
        }
    }

    private static func value(_ name: String, in environment: [String: String]) -> String? {
        guard let raw = environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !raw.isEmpty else {
            return nil
        }
        return raw
    }

    private static func milliseconds(_ name: String, in environment: [String: String]) throws -> Int? {
        guard let raw = value(name, in: environment) else { return nil }
        guard raw.allSatisfy(\.isASCII), let number = Int(raw) else {
            throw SdkConfigError.invalidEnvironment(
                variable: name, reason: "'\(raw.prefix(32))' is not a whole number of milliseconds")
        }
        guard number > 0, number <= Defaults.maxTimeoutMs else {
            throw SdkConfigError.invalidEnvironment(
                variable: name, reason: "\(number) is outside 1...\(Defaults.maxTimeoutMs) milliseconds")
        }
        return number
    }

    private static func parseBaseUrl(_ raw: String, variable: String) throws -> URL {
        guard let url = URL(string: raw), let scheme = url.scheme?.lowercased() else {
            throw SdkConfigError.invalidEnvironment(
                variable: variable, reason: "not an absolute URL with a scheme (expected https://host[:port])")
        }
        guard scheme == "https" || scheme == "http" else {
            throw SdkConfigError.invalidEnvironment(
                variable: variable, reason: "scheme '\(scheme.prefix(16))' is not http or https")
        }
        guard let host = url.host, !host.isEmpty else {
            throw SdkConfigError.invalidEnvironment(variable: variable, reason: "the URL has no host")
        }
        return url
    }
}
