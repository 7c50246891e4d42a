import Foundation
import RonAppSdkSwift
import RonCommandLine

/// The client of the command-line tools: the gateway from `--base` or `RON_SDK_GATEWAY_ADDR`, the
/// rest of the environment's settings, plain http allowed on loopback.
package enum ToolClient {
    /// A client for `base` (or the environment's gateway); a bad setting is a ``UsageError``.
    package static func make(
        base: String?, allowInsecureHttp: Bool, timeoutMs: Int?, token: String? = nil,
        credentials: RonCredentials? = nil
    ) throws -> RonClient {
        do {
            var overrides = RonConfig()
            if let base {
                guard let url = URL(string: base), url.scheme != nil else {
                    throw UsageError("--base '\(base)' is not a URL")
                }
                overrides.baseUrl = url
            }
            overrides.overallTimeoutMs = timeoutMs
            if let token { overrides.authToken = token }
            overrides.credentials = credentials
            var config = try RonConfig.fromEnvironment(overrides: overrides)
            guard let url = config.baseUrl else {
                throw UsageError("no gateway: set RON_SDK_GATEWAY_ADDR or pass --base URL")
            }
            let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(url.host ?? "")
            config.allowInsecureHttp = allowInsecureHttp || loopback
            return try RonClient(config: config)
        } catch let error as SdkConfigError {
            throw UsageError("\(error)")
        }
    }
}
