import Foundation

/// Security: per document, an enum of its schemes (`PetstoreSecurity`) and a struct of its
/// credentials (`PetstoreCredentials`); per call, the requirements it sets on its request.
extension SwiftRenderer {
    /// The schemes' enum and the credentials' struct of every document that declares schemes.
    func renderSecurity(_ model: SchemaModel, into w: inout SourceWriter, inPart: Bool = false) {
        var order: [String] = []
        var groups: [String: [SecurityScheme]] = [:]
        for scheme in model.securitySchemes {
            if groups[scheme.securityTypeName] == nil { order.append(scheme.securityTypeName) }
            groups[scheme.securityTypeName, default: []].append(scheme)
        }
        for name in order {
            guard let schemes = groups[name], let first = schemes.first else { continue }
            w.line()
            w.line("/// The security schemes of `Schema/\(first.origin.file)`, as its calls' requirements name them.")
            // In a part of the calls, this module's own copy for its calls (the front declares the
            // public one, with the credentials).
            let access = inPart ? "" : "public "
            w.block("\(access)enum \(name)") { w in
                for (index, scheme) in schemes.enumerated() {
                    if index > 0 { w.line() }
                    documentation(scheme, into: &w)
                    w.line(
                        "\(access)static let \(scheme.swiftName) = RonSecurityScheme(name: \(SwiftLiteral.string(scheme.name)), kind: \(Self.kindLiteral(scheme.kind)))"
                    )
                }
            }
            guard !inPart else { continue }
            w.line()
            renderCredentials(schemes, typeName: first.credentialsTypeName, into: &w)
        }
    }

    private func documentation(_ scheme: SecurityScheme, into w: inout SourceWriter) {
        var text = "`\(scheme.name)`: \(scheme.summary)."
        if let description = scheme.description, !description.isEmpty { text += "\n\n" + description }
        w.documentation(text)
    }

    private func renderCredentials(_ schemes: [SecurityScheme], typeName: String, into w: inout SourceWriter) {
        let held = schemes.compactMap { scheme in Self.credentialType(scheme.kind).map { (scheme, $0) } }
        w.line("/// The credentials of `Schema/\(schemes[0].origin.file)`, one per security scheme: give them to the")
        w.line("/// client once (`config.credentials = \(typeName)(...).credentials`); each call attaches what its")
        w.line("/// operation requires, where the scheme says.")
        w.block("public struct \(typeName): RonCredentialSet") { w in
            for (scheme, type) in held {
                documentation(scheme, into: &w)
                w.line("public var \(scheme.swiftName): \(type)?")
            }
            if !held.isEmpty { w.line() }
            w.line("/// Creates the credentials; leave out the schemes you do not use.")
            if !held.isEmpty {
                w.line("///")
                w.line("/// - Parameters:")
                for (scheme, _) in held {
                    w.line("///   - \(Self.unescaped(scheme.swiftName)): `\(scheme.name)`: \(scheme.summary).")
                }
            }
            let parameters = held.map { "\(Self.unescaped($0.0.swiftName)): \($0.1)? = nil" }.joined(separator: ", ")
            w.block("public init(\(parameters))") { w in
                for (scheme, _) in held { w.line("self.\(scheme.swiftName) = \(Self.unescaped(scheme.swiftName))") }
            }
            w.line()
            w.line("/// The credentials by scheme name.")
            w.block("public var credentials: RonCredentials") { w in
                w.line("\(held.isEmpty ? "let" : "var") values: [String: RonCredential] = [:]")
                for (scheme, _) in held {
                    let name = Self.unescaped(scheme.swiftName)
                    w.line(
                        "if let \(name) = self.\(scheme.swiftName) { values[\(SwiftLiteral.string(scheme.name))] = \(Self.credentialCase(scheme.kind, name)) }"
                    )
                }
                w.line("return RonCredentials(values)")
            }
        }
    }

    private static func unescaped(_ name: String) -> String {
        name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
    }

    /// The Swift type a credentials struct holds for a scheme (`nil` for mutual TLS: the transport's).
    static func credentialType(_ kind: SecurityScheme.Kind) -> String? {
        switch kind {
        case .apiKey: return "String"
        case .http(let scheme, _): return scheme == "basic" ? "RonBasicCredential" : "String"
        case .oauth2, .openIdConnect: return "RonOAuth2TokenSource"
        case .mutualTLS: return nil
        }
    }

    /// The `RonCredential` a held value becomes.
    static func credentialCase(_ kind: SecurityScheme.Kind, _ value: String) -> String {
        switch kind {
        case .apiKey: return ".apiKey(\(value))"
        case .http(let scheme, _) where scheme == "basic":
            return ".basic(user: \(value).user, password: \(value).password)"
        case .http(let scheme, _) where scheme == "bearer": return ".bearer(\(value))"
        case .http(let scheme, _):
            let word = scheme.prefix(1).uppercased() + scheme.dropFirst()
            return ".authorization(scheme: \(SwiftLiteral.string(word)), value: \(value))"
        case .oauth2, .openIdConnect: return ".oauth2(\(value))"
        case .mutualTLS: return ".bearer(\(value))"
        }
    }

    /// A `RonSecurityScheme.Kind` literal.
    static func kindLiteral(_ kind: SecurityScheme.Kind) -> String {
        switch kind {
        case .apiKey(let name, let location):
            return ".apiKey(name: \(SwiftLiteral.string(name)), location: .\(location))"
        case .http(let scheme, _):
            return ".http(scheme: \(SwiftLiteral.string(scheme)))"
        case .oauth2(let flows):
            let names = [
                "authorizationCode": "authorizationCode", "clientCredentials": "clientCredentials",
                "implicit": "implicit", "password": "password",
            ]
            var arguments: [String] = []
            for key in ["authorizationCode", "clientCredentials", "implicit", "password"] {
                guard let flow = flows.first(where: { $0.kind == key }), let label = names[key] else { continue }
                var parts: [String] = []
                if let url = flow.authorizationURL { parts.append("authorizationURL: \(SwiftLiteral.string(url))") }
                if let url = flow.tokenURL { parts.append("tokenURL: \(SwiftLiteral.string(url))") }
                if let url = flow.refreshURL { parts.append("refreshURL: \(SwiftLiteral.string(url))") }
                if !flow.scopes.isEmpty {
                    parts.append("scopes: [\(flow.scopes.map(SwiftLiteral.string).joined(separator: ", "))]")
                }
                arguments.append("\(label): RonOAuth2Flows.Flow(\(parts.joined(separator: ", ")))")
            }
            return ".oauth2(RonOAuth2Flows(\(arguments.joined(separator: ", "))))"
        case .openIdConnect(let url):
            return ".openIdConnect(url: \(SwiftLiteral.string(url)))"
        case .mutualTLS:
            return ".mutualTLS"
        }
    }

    /// The `[RonSecurityRequirement]` literal of an operation's requirements.
    static func requirements(_ requirements: [[SecurityUse]]) -> String {
        let items = requirements.map { uses -> String in
            guard !uses.isEmpty else { return "RonSecurityRequirement.anonymous" }
            let schemes = uses.map(\.reference).joined(separator: ", ")
            let scoped = uses.filter { !$0.scopes.isEmpty }
            guard !scoped.isEmpty else { return "RonSecurityRequirement([\(schemes)])" }
            let scopes = scoped.map { use in
                "\(SwiftLiteral.string(use.scheme)): [\(use.scopes.map(SwiftLiteral.string).joined(separator: ", "))]"
            }
            return "RonSecurityRequirement([\(schemes)], scopes: [\(scopes.joined(separator: ", "))])"
        }
        return "[\(items.joined(separator: ", "))]"
    }

    /// The documentation line that says which credentials a call takes, or `nil` when its
    /// operation declares no security.
    static func credentialsLine(_ operation: Operation) -> String? {
        guard let security = operation.security else { return nil }
        guard !security.isEmpty else { return "Credentials: none (`security: []`)." }
        let alternatives = security.map { uses -> String in
            guard !uses.isEmpty else { return "none" }
            return uses.map { use in
                "`\(use.scheme)`" + (use.scopes.isEmpty ? "" : " (\(use.scopes.joined(separator: ", ")))")
            }.joined(separator: " and ")
        }
        return "Credentials: \(alternatives.joined(separator: ", or ")) (`RonConfig.credentials`)."
    }
}
