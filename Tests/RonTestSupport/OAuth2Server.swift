import Foundation

/// A real OAuth 2.0 authorization server (django-oauth-toolkit from PyPI, a server nobody here
/// wrote) on a free loopback port, with a protected resource, for the OAuth 2.0 interop tests.
///
/// It runs `Tests/Servers/oauth2_server.py`: a one-file Django project with a fresh SQLite
/// database, seeded with a client credentials client, an authorization code client (PKCE
/// required, redirect URI ``redirectURI``, approved without a prompt) and an access token that
/// has already expired together with its refresh token. Its routes:
///
/// - `/o/token/`, `/o/authorize/`, `/o/.well-known/oauth-authorization-server`: django-oauth-toolkit.
/// - `/api/hello`: the protected resource, `{"client": <client id>, "scope": <scope>}`, or 401 with
///   a `WWW-Authenticate: Bearer` challenge for a missing, unknown, expired or deleted token.
/// - `/api/revoke-all` (POST, test only): deletes every access token.
/// - `/test/login` (test only): logs the seeded user in and redirects to `next`, so the
///   authorization endpoint can be driven without a browser.
/// - `/test/stats` (test only): how many requests reached `/api/hello` and `/o/token/`.
///
/// Python picks the port, so suites never race for one. When python3, Django or
/// django-oauth-toolkit is missing, ``start()`` throws ``Unavailable``, which says how to install
/// them; the tests then fail, they are never skipped.
package final class OAuth2Server: @unchecked Sendable {
    /// Why the server could not be started.
    package struct Unavailable: Error, CustomStringConvertible {
        /// What went wrong, and how to fix it.
        package var description: String
    }

    /// The seeded values, as the script prints them.
    private struct Seeded: Decodable {
        var port: Int
        var clientId: String
        var clientSecret: String
        var codeClientId: String
        var codeClientSecret: String
        var expiredAccessToken: String
        var refreshToken: String
        var redirectURI: String
    }

    /// `http://127.0.0.1:<port>`.
    package let baseURL: URL
    /// The client id of the confidential client that may use the client credentials grant.
    package let clientId: String
    /// That client's secret.
    package let clientSecret: String
    /// The client id of the confidential client of the authorization code grant (PKCE required),
    /// which also owns ``expiredAccessToken`` and ``refreshToken``.
    package let codeClientId: String
    /// That client's secret.
    package let codeClientSecret: String
    /// An access token of the authorization code client that expired an hour before the start.
    package let expiredAccessToken: String
    /// The refresh token issued with ``expiredAccessToken``.
    package let refreshToken: String
    /// The redirect URI registered for the authorization code client.
    package let redirectURI: String
    private let process: Process
    private let input: Pipe

    /// The token endpoint, `/o/token/`.
    package var tokenURL: URL { baseURL.appendingPathComponent("o/token/") }
    /// The authorization endpoint, `/o/authorize/`.
    package var authorizationURL: URL { baseURL.appendingPathComponent("o/authorize/") }

    /// The script this runs: `Tests/Servers/oauth2_server.py`, beside this file's folder.
    private static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Servers/oauth2_server.py")
    }

    private init(seeded: Seeded, process: Process, input: Pipe) {
        baseURL = URL(string: "http://127.0.0.1:\(seeded.port)")!
        clientId = seeded.clientId
        clientSecret = seeded.clientSecret
        codeClientId = seeded.codeClientId
        codeClientSecret = seeded.codeClientSecret
        expiredAccessToken = seeded.expiredAccessToken
        refreshToken = seeded.refreshToken
        redirectURI = seeded.redirectURI
        self.process = process
        self.input = input
    }

    deinit { stop() }

    /// Starts the server, and waits until it is migrated, seeded and listening (about a second; off
    /// the concurrency pool: ``offThePool(_:)``).
    package static func start() async throws -> OAuth2Server {
        try await offThePool(launch)
    }

    /// Starts the server and blocks until it listens.
    private static func launch() throws -> OAuth2Server {
        let howTo = "install them with `python3 -m pip install django django-oauth-toolkit` (.ci/run does)"
        let launch: PythonServerLaunch
        do {
            launch = try PythonServerLaunch(script: script.path, label: "the OAuth 2.0 server", howTo: howTo)
        } catch {
            throw Unavailable(description: error.description)
        }
        if let seeded = try? JSONDecoder().decode(Seeded.self, from: launch.line) {
            return OAuth2Server(seeded: seeded, process: launch.process, input: launch.input)
        }
        throw Unavailable(
            description: launch.failure(label: "the OAuth 2.0 server (\(script.path))", howTo: howTo).description)
    }

    /// Stops the server (also done when it is released): closing its standard input ends it, and so
    /// does the end of this process, so no server outlives a crashed test run.
    package func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
