import Foundation
import RonAppSdkSwift
import RonCodegenCore
import RonCommandLine

/// The credentials of the command-line tools, by security scheme name: from `--credential NAME=VALUE`,
/// a `--credentials-file` (one `NAME=VALUE` a line, `#` comments) and the environment
/// (`RON_CREDENTIAL_<NAME>`, the name upper-cased with every other character `_`), the option
/// winning over the file and the file over the environment; the name `*` gives every other scheme
/// one value (a test server's). Values are never printed or written:
/// ``secrets`` lists them for the fixture scrubber.
package struct ToolCredentials: Sendable {
    /// The values by scheme name.
    package var values: [String: String] = [:]
    /// OAuth 2.0 clients by scheme name (`ID:SECRET`), for the scheme's client credentials flow.
    package var oauthClients: [String: String] = [:]

    /// No credentials.
    package init() {}

    /// Reads `NAME=VALUE` (an option's argument); a value without `=` is a usage error.
    package mutating func add(_ spec: String, option: String) throws {
        guard let equals = spec.firstIndex(of: "="), equals != spec.startIndex else {
            throw UsageError("\(option) takes NAME=VALUE (a security scheme's name and its credential)")
        }
        let name = String(spec[..<equals])
        let value = String(spec[spec.index(after: equals)...])
        if option == "--oauth-client" {
            guard value.contains(":") else { throw UsageError("--oauth-client takes NAME=CLIENT_ID:CLIENT_SECRET") }
            oauthClients[name] = value
        } else {
            values[name] = value
        }
    }

    /// Adds the lines of `file` where no option gave the scheme already.
    package mutating func read(file path: String) throws {
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw UsageError("--credentials-file '\(path)' cannot be read: \(error.localizedDescription)")
        }
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "="), equals != line.startIndex else {
                throw UsageError("\(path):\(number + 1): a line is NAME=VALUE (its value is not shown)")
            }
            let name = String(line[..<equals]).trimmingCharacters(in: .whitespaces)
            if values[name] == nil { values[name] = String(line[line.index(after: equals)...]) }
        }
    }

    /// The environment's variable for scheme `name`.
    package static func variable(for name: String) -> String {
        "RON_CREDENTIAL_"
            + String(name.uppercased().map { ($0.isASCII && ($0.isLetter || $0.isNumber)) ? $0 : "_" })
    }

    /// The credentials for `schemes`: each scheme's value as its kind takes it (basic: `user:password`;
    /// OAuth 2.0 and OpenID Connect: an access token, or tokens fetched for an `--oauth-client` at the
    /// scheme's token endpoint, resolved against `base`), environment variables filling the rest.
    package func credentials(
        for schemes: [RonSecurityScheme], base: URL?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> RonCredentials? {
        var result: [String: RonCredential] = [:]
        for scheme in schemes {
            if let client = oauthClients[scheme.name] {
                let parts = client.split(separator: ":", maxSplits: 1).map(String.init)
                do {
                    result[scheme.name] = .oauth2(
                        try scheme.clientCredentials(
                            clientId: parts[0], clientSecret: parts.count > 1 ? parts[1] : "", relativeTo: base,
                            allowInsecureHttp: true))
                } catch {
                    throw UsageError("--oauth-client \(scheme.name): \(error)")
                }
                continue
            }
            // `*` stands for every scheme not named (a test server's one value, as ci.sh gives the mock).
            guard let value = values[scheme.name] ?? environment[Self.variable(for: scheme.name)] ?? values["*"]
            else { continue }
            switch scheme.kind {
            case .apiKey: result[scheme.name] = .apiKey(value)
            case .http(let name) where name == "basic":
                let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                guard parts.count == 2 else {
                    throw UsageError("the credential of \(scheme.name) (HTTP basic) is USER:PASSWORD")
                }
                result[scheme.name] = .basic(user: parts[0], password: parts[1])
            case .http(let name) where name == "bearer": result[scheme.name] = .bearer(value)
            case .http(let name):
                result[scheme.name] = .authorization(
                    scheme: name.prefix(1).uppercased() + name.dropFirst(), value: value)
            case .oauth2, .openIdConnect: result[scheme.name] = .bearer(value)
            case .mutualTLS: continue
            }
        }
        let unknown = Set(values.keys).union(oauthClients.keys).subtracting(schemes.map(\.name)).subtracting(["*"])
        if !unknown.isEmpty {
            let known = schemes.map(\.name).sorted()
            throw UsageError(
                "no security scheme \(unknown.sorted().map { "'\($0)'" }.joined(separator: ", ")) in the schema"
                    + (known.isEmpty ? " (it declares none)" : " (known: \(known.joined(separator: ", ")))"))
        }
        return result.isEmpty ? nil : RonCredentials(result)
    }

    /// Every value given (and the `user:password` halves), for the fixture scrubber.
    package func secrets(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        var all = Array(values.values) + oauthClients.values.flatMap { $0.split(separator: ":").map(String.init) }
        all += environment.filter { $0.key.hasPrefix("RON_CREDENTIAL_") }.map(\.value)
        for value in all where value.contains(":") { all += value.split(separator: ":").map(String.init) }
        return all.filter { $0.count >= 4 }
    }
}

extension SecurityScheme {
    /// The client's description of this scheme, as a generated `<Document>Security` declares it.
    package var clientScheme: RonSecurityScheme {
        switch kind {
        case .apiKey(let name, let location):
            return RonSecurityScheme(
                name: self.name,
                kind: .apiKey(name: name, location: RonSecurityScheme.Location(rawValue: location) ?? .header))
        case .http(let scheme, _):
            return RonSecurityScheme(name: name, kind: .http(scheme: scheme))
        case .oauth2(let flows):
            func flow(_ kind: String) -> RonOAuth2Flows.Flow? {
                flows.first { $0.kind == kind }.map {
                    RonOAuth2Flows.Flow(
                        authorizationURL: $0.authorizationURL, tokenURL: $0.tokenURL, refreshURL: $0.refreshURL,
                        scopes: $0.scopes)
                }
            }
            return RonSecurityScheme(
                name: name,
                kind: .oauth2(
                    RonOAuth2Flows(
                        authorizationCode: flow("authorizationCode"), clientCredentials: flow("clientCredentials"),
                        implicit: flow("implicit"), password: flow("password"))))
        case .openIdConnect(let url):
            return RonSecurityScheme(name: name, kind: .openIdConnect(url: url))
        case .mutualTLS:
            return RonSecurityScheme(name: name, kind: .mutualTLS)
        }
    }
}

extension RonCodegenCore.Operation {
    /// The operation's requirements as the client takes them, from its document's `schemes`.
    package func clientSecurity(_ schemes: [SecurityScheme]) -> [RonSecurityRequirement]? {
        security.map { requirements in
            requirements.map { uses in
                RonSecurityRequirement(
                    uses.compactMap { use in
                        schemes.first { $0.name == use.scheme && $0.origin.file == origin.file }?.clientScheme
                    },
                    scopes: Dictionary(
                        uses.filter { !$0.scopes.isEmpty }.map { ($0.scheme, $0.scopes) },
                        uniquingKeysWith: { first, _ in first }))
            }
        }
    }
}

/// The operation of a schema folder that a `ron call` names by method and path.
package struct SchemaCallTarget: Sendable {
    /// The path its calls go below (`/app`, `/v2`, `""`).
    package var serverPath: String
    /// Its security requirements.
    package var security: [RonSecurityRequirement]?
    /// Every scheme of the schema's documents.
    package var schemes: [RonSecurityScheme]
    /// Its `operationId`.
    package var operationId: String

    /// The operation of the schema in `directory` whose method is `method` and whose path
    /// template matches `path` (a `{name}` matches one segment), or a usage error naming the
    /// operations of that method.
    package static func find(schema directory: String, method: String, path: String) throws -> SchemaCallTarget {
        let model: SchemaModel
        do {
            model = try CodeGenerator().model(schemaDirectory: URL(fileURLWithPath: directory, isDirectory: true))
        } catch {
            throw UsageError("--schema \(directory): \(error)")
        }
        let segments = path.split(separator: "?").first.map { $0.split(separator: "/") } ?? []
        let candidates = model.operations.filter { $0.method == method.uppercased() }
        let match = candidates.first { operation in
            let template = operation.path.split(separator: "/")
            return template.count == segments.count
                && zip(template, segments).allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") || $0 == $1 }
        }
        guard let match else {
            let known = candidates.map(\.path).joined(separator: ", ")
            throw UsageError(
                "no \(method.uppercased()) operation of the schema matches '\(path)'"
                    + (known.isEmpty ? "" : " (its \(method.uppercased()) paths: \(known))"))
        }
        return SchemaCallTarget(
            serverPath: match.serverPath, security: match.clientSecurity(model.securitySchemes),
            schemes: model.securitySchemes.map(\.clientScheme), operationId: match.operationId)
    }
}
