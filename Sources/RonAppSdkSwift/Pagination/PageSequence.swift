import Foundation

/// The pages of a list endpoint, fetched one at a time as you iterate.
///
/// Each request carries `page_size` (when given) and, after the first page, `page_token` set to
/// the previous page's `next_page_token` (or `nextPageToken`). Iteration ends after a page whose token is missing,
/// `null` or empty. A failed call is thrown as its `RonProblem`; a token that comes back a
/// second time is thrown as a `pagination_loop` problem (kind `"pagination"`) instead of looping.
public struct PageSequence<Item: Codable & Hashable & Sendable>: AsyncSequence, Sendable {
    /// Each element is one page.
    public typealias Element = Page<Item>

    let client: any RonRequesting
    let path: String
    let query: [URLQueryItem]
    let pageSize: Int?
    let headers: [String: String]
    /// Thrown by the first ``Iterator/next()`` instead of fetching a page.
    var failure: RonProblem?
    /// The security of every page's call (``AppRequest/security``).
    var security: [RonSecurityRequirement]?

    /// The same pages, each fetched with `requirements` as its ``AppRequest/security``: how a
    /// generated list call of an operation that declares security asks for its credentials.
    public func security(_ requirements: [RonSecurityRequirement]?) -> PageSequence<Item> {
        var copy = self
        copy.security = requirements
        return copy
    }

    /// The same pages, except that when `problem` is not `nil` the first ``Iterator/next()`` throws
    /// it and fetches nothing: how a generated call's `<name>Pages` reports a query value that did
    /// not encode (a non-finite number in an object), where the plain call answers the problem.
    public func failing(with problem: RonProblem?) -> PageSequence<Item> {
        var copy = self
        copy.failure = problem
        return copy
    }

    /// Starts at the first page.
    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self)
    }

    /// Fetches the next page on each call to ``next()``.
    public struct Iterator: AsyncIteratorProtocol {
        let sequence: PageSequence
        var token: String?
        var seen: Set<String> = []
        var finished = false

        init(sequence: PageSequence) {
            self.sequence = sequence
        }

        /// The next page, or `nil` after the last one.
        ///
        /// - Throws: `RonProblem` when a page cannot be fetched or the server repeats a token.
        public mutating func next() async throws -> Page<Item>? {
            guard !finished else { return nil }
            if let failure = sequence.failure {
                finished = true
                throw failure
            }
            var query = sequence.query.filter { $0.name != "page_token" && $0.name != "page_size" }
            if let pageSize = sequence.pageSize {
                query.append(URLQueryItem(name: "page_size", value: String(pageSize)))
            }
            if let token { query.append(URLQueryItem(name: "page_token", value: token)) }
            var call = AppRequest(method: .get, path: sequence.path, query: query, headers: sequence.headers)
            call.security = sequence.security
            let response: AppResponse<PageWire<Item>> = await sequence.client.request(call)
            guard let wire = response.data, response.ok else {
                finished = true
                throw response.problem
                    ?? RonProblem(
                        code: "decode_failed", message: "the page carried no value", kind: "decode",
                        status: response.status, retryable: false)
            }
            let next = wire.nextPageToken.flatMap { $0.isEmpty ? nil : $0 }
            if let next {
                if seen.contains(next) || next == token {
                    finished = true
                    throw RonProblem(
                        code: "pagination_loop",
                        message: "the server returned a page token that was already used; stopping",
                        kind: "pagination", status: response.status, correlationId: response.correlationId,
                        retryable: false)
                }
                if let token { seen.insert(token) }
                token = next
            } else {
                finished = true
            }
            return Page(items: wire.items, nextPageToken: next)
        }
    }
}

/// The wire shape of a page; tolerant of a missing or `null` token. The token is read from
/// `next_page_token`, else `nextPageToken` (snake_case wins when both are there), as the family's
/// other SDKs do.
struct PageWire<Item: Decodable>: Decodable {
    var items: [Item]
    var nextPageToken: String?

    private enum CodingKeys: String, CodingKey {
        case items
        case snake = "next_page_token"
        case camel = "nextPageToken"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([Item].self, forKey: .items)
        nextPageToken =
            try container.decodeIfPresent(String.self, forKey: .snake)
            ?? container.decodeIfPresent(String.self, forKey: .camel)
    }
}
