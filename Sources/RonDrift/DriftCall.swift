import Foundation
import RonAppSdkSwift
import RonCodegenCore

/// One call drift makes: the operation's path with every value put in, its query, headers and
/// body, and where each value came from; or why there is none (the parameters with no value, and
/// where one could come from).
struct DriftCall {
    /// Why an operation cannot be called yet.
    struct Missing: Error, Equatable {
        /// The required parameters with no value (`{deployment_id}` for a path parameter).
        var parameters: [String]
        /// The whole reason, for the report.
        var message: String
    }

    /// The path for the client (segments marked, below the document's server path).
    var path: String
    /// The path as the server sees it, with the query (`/api/flows/4f.../runs?limit=5`).
    var display: String
    var query: [URLQueryItem] = []
    var headers: [String: String] = [:]
    /// A JSON request body, for the operations `--unsafe` calls.
    var body: Data?
    var contentType: String?
    /// The path parameters' values, by name.
    var bindings: [String: String] = [:]
    /// Where each parameter's value came from: `example`, `default`, `drift-values.json`,
    /// `listFlows /0/id`, `made up`.
    var sources: [String: String] = [:]

    /// The call of `target` with the values `resolver` finds, or the parameters it has none for.
    static func make(for target: DriftTarget, resolver: ParameterResolver, skip: Int = 0) -> Result<DriftCall, Missing>
    {
        let info = target.info
        let server = info.serverPath == "/app" ? "/app" : RonPath.server(info.serverPath)
        var call = DriftCall(
            path: info.serverPath == "/app" ? info.path : server + info.path,
            display: (info.serverPath == "/" ? "" : info.serverPath) + info.path)
        var missing: [(name: String, location: String)] = []
        // Path parameters left to right, so a child's value is looked up under its parents'.
        let order = target.parameters.sorted { lhs, rhs in
            let left = info.path.range(of: "{\(lhs.name)}")?.lowerBound ?? info.path.endIndex
            let right = info.path.range(of: "{\(rhs.name)}")?.lowerBound ?? info.path.endIndex
            return left == right ? lhs.name < rhs.name : left < right
        }
        let chosen = choose(order.filter { $0.location == "path" }, target: target, resolver: resolver, skip: skip)
        for parameter in order {
            let found: (values: [String], source: String)?
            if parameter.location == "path" {
                found = chosen[parameter.name].map { ([$0.value], $0.source) }
            } else {
                found = resolver.value(for: parameter, of: target, chosen: [:])
            }
            guard let (values, source) = found else {
                if parameter.required { missing.append((parameter.name, parameter.location)) }
                continue
            }
            call.sources[parameter.name] = source
            let first = values.first ?? ""
            switch parameter.location {
            case "path":
                call.bindings[parameter.name] = first
                call.path = call.path.replacingOccurrences(
                    of: "{\(parameter.name)}", with: parameter.tail ? first : RonPath.segment(first))
                call.display = call.display.replacingOccurrences(
                    of: "{\(parameter.name)}", with: parameter.tail ? first : Self.encoded(first))
            case "query":
                call.query += values.map { URLQueryItem(name: parameter.name, value: $0) }
            case "cookie":
                let pair = "\(parameter.name)=\(RonCookie.value(first))"
                call.headers["Cookie"] = call.headers["Cookie"].map { $0 + "; " + pair } ?? pair
            default: call.headers[parameter.name] = first
            }
        }
        if !missing.isEmpty {
            let names = missing.map { $0.location == "path" ? "{\($0.name)}" : $0.name }
            return .failure(
                Missing(parameters: names, message: resolver.explanation(for: missing.map(\.name), of: target)))
        }
        if !call.query.isEmpty {
            var components = URLComponents()
            components.queryItems = call.query
            call.display += "?" + (components.percentEncodedQuery ?? "")
        }
        return .success(call)
    }

    /// The path parameters' values: of the combinations of their candidates, the first (after
    /// `skip` of them) in which every value is strong (each item listed under the parents chosen),
    /// else the first there is. Parameters with no candidate are left out.
    static func choose(
        _ parameters: [DriftTarget.Parameter], target: DriftTarget, resolver: ParameterResolver, skip: Int
    ) -> [String: (value: String, source: String)] {
        var first: [String: (value: String, source: String)]?
        var strongOnes: [[String: (value: String, source: String)]] = []
        var tried = 0
        func search(_ index: Int, _ chosen: [String: (value: String, source: String)], strong: Bool) {
            guard tried < 64, strongOnes.count <= skip else { return }
            guard index < parameters.count else {
                tried += 1
                if first == nil { first = chosen }
                if strong { strongOnes.append(chosen) }
                return
            }
            let parameter = parameters[index]
            let candidates = resolver.candidates(
                for: parameter, of: target, chosen: chosen.mapValues(\.value))
            guard !candidates.isEmpty else {
                search(index + 1, chosen, strong: strong && !parameter.required)
                return
            }
            for candidate in candidates {
                var next = chosen
                next[parameter.name] = (candidate.values.first ?? "", candidate.source)
                search(index + 1, next, strong: strong && candidate.strong)
            }
        }
        search(0, [:], strong: true)
        if strongOnes.count > skip { return strongOnes[skip] }
        return skip == 0 ? (strongOnes.first ?? first ?? [:]) : [:]
    }

    /// A path segment as it goes on the wire.
    static func encoded(_ value: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value
    }
}
