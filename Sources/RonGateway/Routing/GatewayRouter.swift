import Foundation
import NIOCore
import NIOHTTP1
import RonGenerated

/// Maps a request to a response: the health probes, the `/app/*` sample routes, the facets and the
/// `/app/_test/*` error routes.
struct GatewayRouter: Sendable {
    /// The App Plane routes served, by path template below `/app`, with their methods: exactly the
    /// operations of `Schema/app-plane.openapi.json` (a test holds the two equal). The `/app/_test/*`
    /// routes are test-only and not listed. Facets mount GET and POST routes only (`FacetRouter`
    /// answers any other method as the node does).
    static let appRoutes: [String: [String]] = [
        "/healthz": ["GET"], "/hello": ["GET"], "/echo": ["POST"], "/items": ["GET"], "/events": ["GET"],
        "/facets/{id}/{path}": ["GET", "POST"],
    ]

    let requireAuth: Bool
    let fixtures: FixtureSet
    let catalog: ItemCatalog
    let facets: FacetRouter

    init(requireAuth: Bool, fixtures: FixtureSet, facets: FacetRouter) {
        self.requireAuth = requireAuth
        self.fixtures = fixtures
        self.catalog = ItemCatalog(leadingItems: fixtures.leadingItems)
        self.facets = facets
    }

    /// The answer to `request`. Never throws: every failure is a problem response.
    func respond(to request: GatewayRequest) async -> GatewayResponse {
        let path = request.path
        switch path {
        case "/healthz":
            return only(["GET"], request) { .text(.ok, "ok") }
        case "/readyz":
            return only(["GET"], request) { .text(.ok, "ready") }
        default:
            break
        }
        if requireAuth && path != "/app/healthz" && !Self.hasAuthorization(request) {
            return ProblemResponses.unauthorized()
        }
        switch path {
        case "/app/healthz":
            // Revalidatable, so a cache can show a 304; `no-cache`: a probe must reach the gateway every time.
            return only(Self.methods("/healthz"), request) {
                EntityTag.revalidatable(
                    .bytes(.ok, contentType: ContentType.json, fixtures.health), body: fixtures.health,
                    cacheControl: "no-cache", request: request)
            }
        case "/app/hello":
            return only(Self.methods("/hello"), request) { .bytes(.ok, contentType: ContentType.json, fixtures.hello) }
        case "/app/echo":
            return only(Self.methods("/echo"), request) { echo(request) }
        case "/app/items":
            return only(Self.methods("/items"), request) { items(request) }
        case "/app/events":
            return only(Self.methods("/events"), request) { EventStreamRoute.respond(to: request) }
        default:
            break
        }
        if path.hasPrefix("/app/facets/") {
            return await facets.respond(to: request, facetPath: String(path.dropFirst("/app/facets/".count)))
        }
        if path.hasPrefix("/app/_test/") {
            return await TestRoutes.respond(
                to: request, name: String(path.dropFirst("/app/_test/".count)), router: self)
        }
        return ProblemResponses.notFound("no route for \(path)")
    }

    /// The methods of a route of ``appRoutes``.
    static func methods(_ template: String) -> [String] {
        appRoutes[template] ?? []
    }

    /// `make()` when the method is one of `methods` (`HEAD` counts as `GET`), else `405`.
    func only(
        _ methods: [String], _ request: GatewayRequest, _ make: () -> GatewayResponse
    ) -> GatewayResponse {
        let method = request.method == .HEAD ? "GET" : request.method.rawValue
        guard methods.contains(method) else { return ProblemResponses.methodNotAllowed(allowed: methods) }
        return make()
    }

    /// `value` encoded with a plain `JSONEncoder` as an `application/json` `200`.
    func json(_ value: some Encodable, status: HTTPResponseStatus = .ok) -> GatewayResponse {
        do {
            return .bytes(status, contentType: ContentType.json, try JSONEncoder().encode(value))
        } catch {
            return ProblemResponses.internalError()
        }
    }

    static func hasAuthorization(_ request: GatewayRequest) -> Bool {
        guard let value = request.headers.first(name: "authorization") else { return false }
        return !value.trimmingCharacters(in: .whitespaces).isEmpty
    }

    private func echo(_ request: GatewayRequest) -> GatewayResponse {
        guard request.body.readableBytes > 0 else {
            return ProblemResponses.badRequest("request body must be JSON; it is empty")
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: request.bodyData)
        } catch {
            return ProblemResponses.badRequest("request body is not valid JSON")
        }
        var headers: [String: String]?
        if let flag = request.queryValue("headers"), flag == "1" || flag.lowercased() == "true" {
            var seen: [String: String] = [:]
            for (name, value) in request.headers {
                let key = name.lowercased()
                seen[key] = seen[key].map { $0 + ", " + value } ?? value
            }
            headers = seen
        }
        return json(EchoReply(echo: value, headers: headers))
    }

    private func items(_ request: GatewayRequest) -> GatewayResponse {
        var size = GatewayLimits.defaultPageSize
        if let text = request.queryValue("page_size") {
            guard let parsed = Int(text), (1...GatewayLimits.maxPageSize).contains(parsed) else {
                return ProblemResponses.badRequest(
                    "page_size must be an integer from 1 to \(GatewayLimits.maxPageSize), got '\(text.prefix(40))'")
            }
            size = parsed
        }
        var offset = 0
        if let token = request.queryValue("page_token"), !token.isEmpty {
            guard let resumed = catalog.offset(forToken: token) else {
                return ProblemResponses.badRequest("unknown page_token '\(token.prefix(80))'")
            }
            offset = resumed
        }
        return json(catalog.page(offset: offset, size: size))
    }
}
