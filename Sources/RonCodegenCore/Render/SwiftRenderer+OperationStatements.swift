import Foundation

/// The statements every generated call starts with: its path, its query items and its headers.
extension SwiftRenderer {
    /// `let path = "..."`, each `{name}` replaced by its argument, percent-encoded as exactly one
    /// segment (`RonPath.segment`, so `/`, `?`, `#` and `%` go out encoded); a one-segment argument
    /// that is empty or `.`/`..` makes the call answer an `invalid_path_parameter` problem. Below a
    /// server path other than `/app`, the path starts with the client's `serverPrefix(document:default:)`.
    /// An object or union argument goes as its `simple`-style text (`RonQuery.simple`); `failure` is
    /// the statement run when it does not encode (by default the call answers or throws the problem).
    func pathStatement(
        _ operation: Operation, viaClient: Bool = false, failure: String? = nil, into w: inout SourceWriter
    ) {
        var path = operation.path
        if operation.facetScoped { path = String(path.dropFirst("/facets/{id}".count)) }
        // The path's text escaped for the literal (a quote, a backslash or a line break in a path
        // key ends it otherwise); each `{name}` is then found in its escaped spelling.
        var template = SwiftLiteral.body(path)
        // A stream or subscription throws, and goes through the client (a facet's prefix spelled out).
        var isStream = viaClient
        if case .eventStream = operation.result { isStream = true }
        let failure =
            failure ?? (isStream ? "throw error.problem" : "return AppResponse(status: 0, problem: error.problem)")
        for parameter in operation.parameters where parameter.location == .path {
            if operation.facetScoped && parameter.name == "id" { continue }
            var value = Self.text(Naming.escaped(parameter.swiftName), parameter.type)
            if case .some(let style) = parameter.queryStyle {
                value = "\(parameter.swiftName)Text"
                w.line("var \(value) = \"\"")
                w.line(
                    "do { \(value) = try \(Self.simpleText(Naming.escaped(parameter.swiftName), style)) } catch { \(failure) }"
                )
            }
            if parameter.pathTail {
                template = template.replacingOccurrences(
                    of: SwiftLiteral.body("{\(parameter.name)}"), with: "\\(\(parameter.swiftName)Segments)")
                w.line(
                    "let \(parameter.swiftName)Segments = \(value).hasPrefix(\"/\") ? String(\(value).dropFirst()) : \(value)"
                )
                continue
            }
            let check =
                "if let problem = RonPath.segmentProblem(\(value), parameter: \(SwiftLiteral.string(parameter.name)))"
            let answer = isStream ? "throw problem" : "return AppResponse(status: 0, problem: problem)"
            w.line("\(check) { \(answer) }")
            template = template.replacingOccurrences(
                of: SwiftLiteral.body("{\(parameter.name)}"), with: "\\(RonPath.segment(\(value)))")
        }
        if template.isEmpty { template = "/" }
        if operation.facetScoped && isStream {
            // `subscribe` is the client's: the facet's prefix is spelled out.
            template = "/facets/\\(id)" + template
        }
        guard operation.serverPath != "/app" else { return w.line("let requestPath = \"\(template)\"") }
        // Below the document's server path instead of `/app` (RonConfig.serverPaths may move it).
        w.line(
            "let requestPath = serverPrefix(document: \(SwiftLiteral.string(operation.origin.file)), default: \(SwiftLiteral.string(operation.serverPath))) + \"\(template)\""
        )
    }

    /// `query: [URLQueryItem]`: the query written in the path's key, then the query arguments in
    /// document order. `failure` is the statement run when a structured value does not encode (the
    /// call answers the problem; a page sequence keeps it for its first page to throw).
    func queryItems(
        _ arguments: [OperationParameter], fixed: String? = nil,
        failure: String = "return AppResponse(status: 0, problem: error.problem)", into w: inout SourceWriter
    ) {
        let query = arguments.filter { $0.location == .query }
        let fixedItems = (fixed ?? "").split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            let value = parts.count > 1 ? SwiftLiteral.string(decode(parts[1])) : "nil"
            return "URLQueryItem(name: \(SwiftLiteral.string(decode(parts[0]))), value: \(value))"
        }
        w.line("\(query.isEmpty ? "let" : "var") query: [URLQueryItem] = [\(fixedItems.joined(separator: ", "))]")
        for parameter in query {
            let name = SwiftLiteral.string(parameter.name)
            let value = parameter.required ? Naming.escaped(parameter.swiftName) : "value"
            var statement: String
            if case .some(let style) = parameter.queryStyle {
                let items = "RonQuery.items(\(name), \(value)\(style.map { ", style: " + Self.formStyle($0) } ?? ""))"
                statement = "do { query += try \(items) } catch { \(failure) }"
            } else if case .array(let element) = parameter.type {
                let each = Self.text("$0", element)
                statement =
                    parameter.explode
                    ? "query += \(value).map { URLQueryItem(name: \(name), value: \(each)) }"
                    : "query.append(URLQueryItem(name: \(name), value: \(value).map { \(each) }.joined(separator: \",\")))"
            } else if Self.isLosslessText(parameter.type) {
                // One call, the `nil` check in the SDK: half the code of the statement below.
                w.line("RonQuery.append(\(name), \(Naming.escaped(parameter.swiftName)), to: &query)")
                continue
            } else {
                statement = "query.append(URLQueryItem(name: \(name), value: \(Self.text(value, parameter.type))))"
            }
            if !parameter.required {
                statement = "if let value = \(Naming.escaped(parameter.swiftName)) { \(statement) }"
            }
            w.line(statement)
        }
    }

    /// Whether a value of `type` is sent as `String(value)` (`text(_:_:)`'s default) and its Swift
    /// type is `LosslessStringConvertible` (strings, booleans, numbers, `JSONInteger`), so
    /// `RonQuery.append(_:_:to:)` adds it.
    static func isLosslessText(_ type: TypeReference) -> Bool {
        switch type {
        case .string, .bool, .double, .float, .int, .int8, .int16, .int32, .uint, .uint8, .uint16, .uint32, .int64,
            .uint64, .bigInteger:
            return true
        default: return false
        }
    }

    /// `RonQuery.simple` of an object or union path or header value (`k=v,…` exploded, else `k,v,…`).
    static func simpleText(_ value: String, _ style: FormFieldEncoding.Style?) -> String {
        "RonQuery.simple(\(value), explode: \(style == .exploded))"
    }

    /// A cookie parameter's value: its text (an array's elements joined by commas), each element
    /// escaped as ``RonCookie`` escapes a cookie value.
    static func cookieText(_ value: String, _ type: TypeReference) -> String {
        if case .array(let element) = type {
            return "\(value).map { RonCookie.value(\(text("$0", element))) }.joined(separator: \",\")"
        }
        return "RonCookie.value(\(text(value, type)))"
    }

    /// The call's headers: its header parameters, its cookie parameters as `Cookie` and the answers'
    /// media types as `Accept`, under the caller's `headers` (a name the caller sets, in any case,
    /// wins).
    func headerStatement(
        _ arguments: [OperationParameter], accept: [String],
        failure: String = "return AppResponse(status: 0, problem: error.problem)", into w: inout SourceWriter
    ) {
        let headers = arguments.filter { $0.location == .header }
        let cookies = arguments.filter { $0.location == .cookie }
        let accept = headers.contains { $0.name.lowercased() == "accept" } ? [] : accept
        guard !headers.isEmpty || !cookies.isEmpty || !accept.isEmpty else { return }
        w.line("var typedHeaders: [String: String] = [:]")
        if !cookies.isEmpty {
            // Cookie parameters: one `Cookie` header, a pair for each value given.
            w.line("var cookies: [(name: String, value: String)] = []")
            for parameter in cookies {
                let value = parameter.required ? Naming.escaped(parameter.swiftName) : "value"
                var statement =
                    "cookies.append((\(SwiftLiteral.string(parameter.name)), \(Self.cookieText(value, parameter.type))))"
                if case .some(let style) = parameter.queryStyle {
                    // An object or union: its pairs in style form, or the problem when it does not encode.
                    let pairs =
                        "RonCookie.pairs(\(SwiftLiteral.string(parameter.name)), \(value), explode: \(style == .exploded))"
                    statement = "do { cookies += try \(pairs) } catch { \(failure) }"
                }
                if !parameter.required {
                    statement = "if let value = \(Naming.escaped(parameter.swiftName)) { \(statement) }"
                }
                w.line(statement)
            }
            w.line("if !cookies.isEmpty { typedHeaders[\"Cookie\"] = RonCookie.header(cookies) }")
        }
        if !accept.isEmpty {
            w.line("typedHeaders[\"Accept\"] = \(SwiftLiteral.string(accept.joined(separator: ", ")))")
        }
        for parameter in headers {
            let value = parameter.required ? Naming.escaped(parameter.swiftName) : "value"
            var statement = "typedHeaders[\(SwiftLiteral.string(parameter.name))] = \(Self.text(value, parameter.type))"
            if case .some(let style) = parameter.queryStyle {
                // An object or union: its `simple`-style text, or the problem when it does not encode.
                statement =
                    "do { typedHeaders[\(SwiftLiteral.string(parameter.name))] = try \(Self.simpleText(value, style)) } catch { \(failure) }"
            }
            if !parameter.required {
                statement = "if let value = \(Naming.escaped(parameter.swiftName)) { \(statement) }"
            }
            w.line(statement)
        }
        w.line("let headers = AppRequest.mergingHeaders(typedHeaders, with: headers)")
    }
}
