import Foundation
import NIOCore
import NIOHTTP1

/// Serves `/app/facets/{id}{path}` from the configured facets, the way the real node mounts a
/// facet manifest's routes under `/facets/{id}{route.path}`.
struct FacetRouter: Sendable {
    private let facets: [String: GatewayFacet]
    private let upstream: UpstreamClient

    /// Checks `facets` the way the real manifest validator does.
    /// - Throws: ``GatewayError/invalidFacet(id:reason:)`` naming the facet and the rule it breaks.
    init(facets: [GatewayFacet], upstream: UpstreamClient) throws {
        var byId: [String: GatewayFacet] = [:]
        for facet in facets {
            try Self.validate(facet)
            guard byId[facet.id] == nil else {
                throw GatewayError.invalidFacet(id: facet.id, reason: "duplicate facet id")
            }
            byId[facet.id] = facet
        }
        self.facets = byId
        self.upstream = upstream
    }

    /// The answer for `facetPath`, the part of the path after `/app/facets/`.
    func respond(to request: GatewayRequest, facetPath: String) async -> GatewayResponse {
        let id: String
        let rest: String
        if let slash = facetPath.firstIndex(of: "/") {
            id = String(facetPath[..<slash])
            rest = String(facetPath[slash...])
        } else {
            id = facetPath
            rest = ""
        }
        guard let facet = facets[id] else { return ProblemResponses.notFound("no facet '\(id)'") }

        let candidates = facet.routes.compactMap { route -> (GatewayFacet.Route, RoutePattern.Match)? in
            guard Self.isMounted(route, in: facet), let match = RoutePattern(route.path).match(rest) else { return nil }
            return (route, match)
        }
        guard !candidates.isEmpty else {
            return ProblemResponses.notFound("facet '\(id)' has no route \(rest.isEmpty ? "/" : rest)")
        }
        let method = request.method == .HEAD ? "GET" : request.method.rawValue
        let allowed = candidates.filter { $0.0.method.uppercased() == method }
        guard let (route, match) = allowed.max(by: { $0.1.specificity < $1.1.specificity }) else {
            let methods = Set(candidates.map { $0.0.method.uppercased() }).sorted()
            return ProblemResponses.methodNotAllowed(allowed: methods)
        }

        switch facet.kind {
        case .echo:
            return .bytes(.ok, contentType: ContentType.json, Array(#"{"echo":"ok"}"#.utf8))
        case .static:
            return Self.serveFile(route.file)
        case .proxy:
            guard let target = facet.upstream else { return ProblemResponses.upstreamUnavailable(reason: "connect") }
            let path = Self.upstreamPath(route: route, match: match, rest: rest, basePath: target.basePath)
            return await upstream.forward(request, to: target, path: path)
        }
    }

    /// Echo and proxy facets mount only `GET` and `POST` routes; static facets only `GET`.
    private static func isMounted(_ route: GatewayFacet.Route, in facet: GatewayFacet) -> Bool {
        let method = route.method.uppercased()
        switch facet.kind {
        case .static: return method == "GET"
        case .echo, .proxy: return method == "GET" || method == "POST"
        }
    }

    private static func serveFile(_ file: URL?) -> GatewayResponse {
        guard let file, let data = try? Data(contentsOf: file) else { return ProblemResponses.notFound() }
        var response = GatewayResponse.bytes(.ok, contentType: ContentType.forFile(named: file.lastPathComponent), data)
        response.headers.add(name: "cache-control", value: "no-store")
        return response
    }

    /// The upstream path: for a `/*tail` route, `base_path` + (`upstream_path` or the route's prefix)
    /// + the tail; for any other route, `base_path` + (`upstream_path` or the request's path).
    static func upstreamPath(route: GatewayFacet.Route, match: RoutePattern.Match, rest: String, basePath: String)
        -> String
    {
        let path: String
        if let tail = match.tail {
            let prefix = joinPaths(basePath, route.upstreamPath ?? match.prefix)
            path = joinPaths(prefix, tail)
        } else {
            path = joinPaths(basePath, route.upstreamPath ?? rest)
        }
        if path.isEmpty { return "/" }
        return path.hasPrefix("/") ? path : "/" + path
    }

    /// Joins two path pieces with exactly one `/` between them; an empty piece adds nothing.
    static func joinPaths(_ first: String, _ second: String) -> String {
        if first.isEmpty { return second }
        if second.isEmpty { return first }
        switch (first.hasSuffix("/"), second.hasPrefix("/")) {
        case (true, true): return String(first.dropLast()) + second
        case (false, false): return first + "/" + second
        default: return first + second
        }
    }

    private static func validate(_ facet: GatewayFacet) throws {
        func fail(_ reason: String) -> GatewayError { .invalidFacet(id: facet.id, reason: reason) }
        let trimmedId = facet.id.trimmingCharacters(in: .whitespaces)
        guard !trimmedId.isEmpty else { throw fail("facet.id must not be empty") }
        guard !facet.id.contains("/"), !facet.id.contains("?") else {
            throw fail("facet.id must not contain '/' or '?'")
        }
        if facet.kind == .proxy {
            guard let upstream = facet.upstream else { throw fail("proxy facet requires [upstream]") }
            let scheme = upstream.scheme.trimmingCharacters(in: .whitespaces).lowercased()
            guard scheme == "http" || scheme == "https" else { throw fail("upstream.scheme must be http or https") }
            guard !upstream.host.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw fail("upstream.host must not be empty")
            }
            guard (1...65_535).contains(upstream.port) else { throw fail("upstream.port must be 1...65535") }
            guard upstream.basePath.isEmpty || upstream.basePath.hasPrefix("/") else {
                throw fail("upstream.base_path must start with '/'")
            }
        }
        for route in facet.routes {
            guard route.path.hasPrefix("/") else { throw fail("route.path must start with '/': \(route.path)") }
            let method = route.method.uppercased()
            guard ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(method) else {
                throw fail("route.method must be GET, POST, PUT, PATCH or DELETE: \(route.method)")
            }
            switch facet.kind {
            case .static:
                guard method == "GET" else { throw fail("static facet routes must be GET: \(route.path)") }
                guard route.file != nil else { throw fail("static facet route needs a file: \(route.path)") }
            case .proxy:
                if let upstreamPath = route.upstreamPath, !upstreamPath.hasPrefix("/") {
                    throw fail("route.upstream_path must start with '/': \(upstreamPath)")
                }
            case .echo:
                break
            }
        }
    }
}
