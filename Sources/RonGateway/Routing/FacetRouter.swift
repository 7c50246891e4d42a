import Foundation
import NIOCore
import NIOHTTP1
import RonFacets

/// Serves `/app/facets/{id}{path}` from the configured facets, the way the real node mounts a
/// facet manifest's routes under `/facets/{id}{route.path}`.
///
/// The facet model, its validation and the "which routes are mounted" rule are `RonFacets`' (the
/// same code `ron facets validate` runs), so the gateway refuses exactly what the node's loader
/// refuses, with the node's messages.
struct FacetRouter: Sendable {
    private let facets: [String: FacetDefinition]
    private let root: URL
    private let upstream: UpstreamClient

    /// Checks `facets` with the node's loader rules, in its order: ``FacetDefinition/validate()``, then
    /// duplicate ids, then a static route's file missing below `root` (`static file not found: {path}`).
    /// - Throws: ``GatewayError/invalidFacet(id:reason:)`` with the node's message.
    init(facets: [FacetDefinition], root: URL?, upstream: UpstreamClient) throws {
        let root = root ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var byId: [String: FacetDefinition] = [:]
        for facet in facets {
            do {
                try facet.validate()
            } catch {
                throw GatewayError.invalidFacet(id: facet.id, reason: error.message)
            }
            guard byId[facet.id] == nil else {
                throw GatewayError.invalidFacet(id: facet.id, reason: "duplicate facet id: \(facet.id)")
            }
            if let missing = FacetDirectoryLoader.missingStaticFile(of: facet, root: root) {
                throw GatewayError.invalidFacet(id: facet.id, reason: "static file not found: \(missing.path)")
            }
            byId[facet.id] = facet
        }
        self.facets = byId
        self.root = root
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

        let candidates = facet.routes.compactMap { route -> (FacetRouteDefinition, RoutePattern.Match)? in
            guard facet.mounts(route), let match = RoutePattern(route.path).match(rest) else { return nil }
            return (route, match)
        }
        guard !candidates.isEmpty else {
            return ProblemResponses.notFound("facet '\(id)' has no route \(rest.isEmpty ? "/" : rest)")
        }
        let method = request.method == .HEAD ? "GET" : request.method.rawValue
        let allowed = candidates.filter { $0.0.normalizedMethod == method }
        guard let (route, match) = allowed.max(by: { $0.1.specificity < $1.1.specificity }) else {
            let methods = Set(candidates.map { $0.0.normalizedMethod }).sorted()
            return ProblemResponses.methodNotAllowed(allowed: methods)
        }

        switch facet.kind {
        case .static:
            return Self.serveFile(route.file.map { FacetDirectoryLoader.fileURL($0, root: root) }, for: request)
        case .proxy:
            guard let target = facet.upstream else { return ProblemResponses.upstreamUnavailable(reason: "connect") }
            let path = Self.upstreamPath(route: route, match: match, rest: rest, basePath: target.basePath ?? "")
            return await upstream.forward(request, to: target, path: path)
        default:
            return .bytes(.ok, contentType: ContentType.json, Array(#"{"echo":"ok"}"#.utf8))
        }
    }

    /// The file's bytes, read on every request (as the node does), with an `ETag` of the bytes and
    /// `Cache-Control: no-cache` (a cache may keep the file but must revalidate: it can change on disk);
    /// a matching `If-None-Match` gets `304`.
    private static func serveFile(_ file: URL?, for request: GatewayRequest) -> GatewayResponse {
        guard let file, let data = try? Data(contentsOf: file) else { return ProblemResponses.notFound() }
        let response = GatewayResponse.bytes(.ok, contentType: ContentType.forFile(named: file.lastPathComponent), data)
        return EntityTag.revalidatable(response, body: data, cacheControl: "no-cache", request: request)
    }

    /// The upstream path: for a `/*tail` route, `base_path` + (`upstream_path` or the route's prefix)
    /// + the tail; for any other route, `base_path` + (`upstream_path` or the request's path).
    static func upstreamPath(route: FacetRouteDefinition, match: RoutePattern.Match, rest: String, basePath: String)
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
        return DotSegments.remove(path.hasPrefix("/") ? path : "/" + path)
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
}
