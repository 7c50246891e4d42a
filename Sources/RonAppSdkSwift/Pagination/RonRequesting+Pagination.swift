import Foundation

extension RonRequesting {
    /// The pages of a list endpoint as an `AsyncSequence` (see ``PageSequence``).
    ///
    /// ```swift
    /// for try await page in client.pages(Item.self, path: "/items", pageSize: 50) {
    ///     for item in page.items { print(item.name) }
    /// }
    /// ```
    public func pages<Item: Codable & Hashable & Sendable>(
        _ type: Item.Type, path: String, query: [String: String]? = nil, pageSize: Int? = nil,
        headers: [String: String] = [:]
    ) -> PageSequence<Item> {
        PageSequence(
            client: self, path: path, query: AppRequest.queryItems(query), pageSize: pageSize, headers: headers)
    }

    /// The pages of a list endpoint, with query parameters in order and repeatable
    /// (`tag=a&tag=b`), as the generated list operations send them.
    ///
    /// - Parameters:
    ///   - type: The item type of the pages.
    ///   - path: The list endpoint below `/app`, for example `/items`.
    ///   - queryItems: Query parameters sent with every page, in this order; a name may repeat.
    ///     `page_size` and `page_token` among them are replaced by the walker's own.
    ///   - pageSize: The `page_size` to ask for (the server's default when `nil`).
    ///   - headers: Extra headers sent with every page.
    /// - Returns: The pages (see ``PageSequence``).
    public func pages<Item: Codable & Hashable & Sendable>(
        _ type: Item.Type, path: String, queryItems: [URLQueryItem], pageSize: Int? = nil,
        headers: [String: String] = [:]
    ) -> PageSequence<Item> {
        PageSequence(client: self, path: path, query: queryItems, pageSize: pageSize, headers: headers)
    }

    /// Collects items from every page, stopping after `limit` items (at most `limit` are returned).
    ///
    /// - Parameters:
    ///   - type: The item type of the pages.
    ///   - path: The list endpoint below `/app`, for example `/items`.
    ///   - query: Extra query parameters sent with every page.
    ///   - pageSize: The `page_size` to ask for (the server's default when `nil`).
    ///   - limit: The most items to return (default 1 000); `0` or less returns none.
    ///   - headers: Extra headers sent with every page.
    /// - Throws: `RonProblem` as ``PageSequence`` does.
    public func listAll<Item: Codable & Hashable & Sendable>(
        _ type: Item.Type, path: String, query: [String: String]? = nil, pageSize: Int? = nil,
        limit: Int = 1_000, headers: [String: String] = [:]
    ) async throws -> [Item] {
        guard limit > 0 else { return [] }
        var items: [Item] = []
        for try await page in pages(type, path: path, query: query, pageSize: pageSize, headers: headers) {
            items.append(contentsOf: page.items.prefix(limit - items.count))
            if items.count >= limit { break }
        }
        return items
    }
}
