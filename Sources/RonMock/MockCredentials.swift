import Foundation

/// The credentials the mock accepts for the description's security schemes, by scheme name, and
/// how its OAuth 2.0 token endpoint issues tokens. See docs/MockServer.md, "Credentials".
///
/// A scheme with a value (``values``, else `RON_MOCK_CREDENTIAL_<NAME>` of ``environment``) takes
/// exactly that value; a scheme without one takes any non-empty credential in the place it names.
public struct MockCredentials: Sendable {
    /// An option value or a credentials file that cannot be read; says which and why, never the
    /// secret it holds.
    public struct ConfigurationError: Error, CustomStringConvertible {
        /// What is wrong, in one line.
        public var description: String

        /// An error saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// The value each scheme takes, by its key in `securitySchemes` (`X-Api-Key` and basic's
    /// `user:password` alike). Wins over ``environment``.
    public var values: [String: String]
    /// Where `RON_MOCK_CREDENTIAL_<NAME>` is looked up for a scheme ``values`` does not name (the
    /// process environment for the command lines; empty by default).
    public var environment: [String: String]
    /// The OAuth 2.0 clients the token endpoint accepts: client id → secret. Empty: any client,
    /// and then any bearer token is accepted where no value is set, as for any other scheme.
    public var oauthClients: [String: String]
    /// How long an access token of the token endpoint lasts, in seconds.
    public var tokenLifetime: Int
    /// The clock access tokens' lifetimes are measured with (tests give their own).
    public var now: @Sendable () -> Date

    /// A configuration; by default no value (any non-empty credential passes), any OAuth client,
    /// one-hour tokens, the system clock.
    public init(
        values: [String: String] = [:], environment: [String: String] = [:], oauthClients: [String: String] = [:],
        tokenLifetime: Int = 3600, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.values = values
        self.environment = environment
        self.oauthClients = oauthClients
        self.tokenLifetime = tokenLifetime
        self.now = now
    }

    /// The value the scheme `name` takes (``values``, else its environment variable, else the value
    /// given for `*`, which stands for every scheme not named), or `nil` when none is set (an empty
    /// variable is none).
    public func value(forScheme name: String) -> String? {
        if let value = values[name] { return value }
        if let value = environment[Self.environmentName(forScheme: name)], !value.isEmpty { return value }
        return values["*"]
    }

    /// The environment variable of a scheme: `RON_MOCK_CREDENTIAL_` and the name upper-cased,
    /// every character but ASCII letters and digits as `_` (`api-key` → `RON_MOCK_CREDENTIAL_API_KEY`).
    public static func environmentName(forScheme name: String) -> String {
        let letters = name.unicodeScalars.map { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                ? String(scalar).uppercased() : "_"
        }
        return "RON_MOCK_CREDENTIAL_" + letters.joined()
    }

    /// `NAME=VALUE` (of `--credential` or a line of a credentials file) read: split at the first
    /// `=`, both trimmed of spaces and non-empty.
    public static func assignment(_ text: String) throws(ConfigurationError) -> (name: String, value: String) {
        guard let equals = text.firstIndex(of: "=") else {
            throw ConfigurationError(
                "a credential is NAME=VALUE (NAME a security scheme of the schema); '=' is missing")
        }
        let name = text[..<equals].trimmingCharacters(in: .whitespaces)
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw ConfigurationError("a credential is NAME=VALUE; the NAME is missing") }
        guard !value.isEmpty else {
            throw ConfigurationError("the credential of '\(name)' is empty (NAME=VALUE wants a value)")
        }
        return (name, value)
    }

    /// `ID:SECRET` of `--oauth-client` read: both non-empty, split at the first `:`.
    public static func client(_ text: String) throws(ConfigurationError) -> (id: String, secret: String) {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex, text.index(after: colon) != text.endIndex
        else { throw ConfigurationError("an OAuth client is ID:SECRET, both non-empty") }
        return (String(text[..<colon]), String(text[text.index(after: colon)...]))
    }

    /// The assignments of a credentials file: one `NAME=VALUE` a line; blank lines and lines
    /// starting with `#` are skipped. A line that is not an assignment names its number.
    public static func assignments(inFile path: String) throws(ConfigurationError) -> [(name: String, value: String)] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("\(path): cannot read the credentials file")
        }
        var result: [(name: String, value: String)] = []
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            do {
                result.append(try assignment(trimmed))
            } catch {
                throw ConfigurationError("\(path):\(index + 1): \(error.description)")
            }
        }
        return result
    }

    /// The configuration of a command line: `--credentials-file` (`file`), overridden by each
    /// `--credential` (`assignments`, the last of a name wins), `RON_MOCK_CREDENTIAL_<NAME>` of
    /// `environment` for the schemes neither names; the `--oauth-client` values and `--token-lifetime`.
    public static func commandLine(
        assignments: [String], file: String?, clients: [String], tokenLifetime: Int,
        environment: [String: String]
    ) throws(ConfigurationError) -> MockCredentials {
        guard tokenLifetime > 0 else { throw ConfigurationError("--token-lifetime wants a positive number of seconds") }
        var values: [String: String] = [:]
        if let file {
            for (name, value) in try Self.assignments(inFile: file) { values[name] = value }
        }
        for text in assignments {
            let (name, value) = try assignment(text)
            values[name] = value
        }
        var registered: [String: String] = [:]
        for text in clients {
            let (id, secret) = try client(text)
            registered[id] = secret
        }
        return MockCredentials(
            values: values, environment: environment, oauthClients: registered, tokenLifetime: tokenLifetime)
    }
}
