import Foundation
import Testing

@testable import RonAppSdkSwift

@Suite struct PaginationTests {
    struct Row: Codable, Hashable, Sendable {
        let id: Int
    }

    /// Serves `pages` pages of two rows; the last page's token is `lastToken` (raw JSON).
    private func server(pages: Int, lastToken: String = "null", loop: Bool = false) throws -> LoopbackServer {
        try LoopbackServer { request in
            let components = URLComponents(string: request.target)
            let token = components?.queryItems?.first { $0.name == "page_token" }?.value
            let index = token.flatMap { Int($0.dropFirst(2)) } ?? 0
            let rows = [index * 2, index * 2 + 1].map { #"{"id":\#($0)}"# }.joined(separator: ",")
            let next: String
            if loop {
                next = #""t-1""#
            } else {
                next = index + 1 < pages ? #""t-\#(index + 1)""# : lastToken
            }
            return .json(200, #"{"items":[\#(rows)],"next_page_token":\#(next)}"#)
        }
    }

    @Test(arguments: ["null", "\"\""])
    func followsTokensUntilTheEnd(lastToken: String) async throws {
        let server = try server(pages: 3, lastToken: lastToken)
        defer { server.stop() }
        let client = try makeClient(server)
        var ids: [Int] = []
        for try await page in client.pages(Row.self, path: "/rows", query: ["filter": "a b"], pageSize: 2) {
            ids += page.items.map(\.id)
        }
        #expect(ids == [0, 1, 2, 3, 4, 5])
        let targets = server.requests.map(\.target)
        #expect(targets.count == 3)
        #expect(targets[0] == "/app/rows?filter=a%20b&page_size=2")
        #expect(targets[1] == "/app/rows?filter=a%20b&page_size=2&page_token=t-1")
    }

    @Test func aSequenceMadeToFailThrowsItsProblemBeforeAnyRequest() async throws {
        let server = try server(pages: 2)
        defer { server.stop() }
        let client = try makeClient(server)
        let problem = RonProblem(
            code: "body_encoding_failed", message: "nan", kind: "local", status: 0, retryable: false)
        var iterator = client.pages(Row.self, path: "/rows", queryItems: []).failing(with: problem).makeAsyncIterator()
        await #expect(throws: problem) { try await iterator.next() }
        #expect(try await iterator.next() == nil, "the sequence ends after its failure")
        #expect(server.requests.isEmpty)
        // With no problem, the same sequence fetches its pages.
        var ids: [Int] = []
        for try await page in client.pages(Row.self, path: "/rows", queryItems: []).failing(with: nil) {
            ids += page.items.map(\.id)
        }
        #expect(ids == [0, 1, 2, 3])
    }

    @Test func missingTokenEnds() async throws {
        let server = try LoopbackServer { _ in .json(200, #"{"items":[{"id":9}]}"#) }
        defer { server.stop() }
        let client = try makeClient(server)
        let all = try await client.listAll(Row.self, path: "/rows")
        #expect(all == [Row(id: 9)])
        #expect(server.requests.count == 1)
    }

    @Test func repeatedTokenStopsWithAProblem() async throws {
        let server = try server(pages: 0, loop: true)
        defer { server.stop() }
        let client = try makeClient(server)
        var pages = 0
        do {
            for try await _ in client.pages(Row.self, path: "/rows") { pages += 1 }
            Issue.record("expected a pagination_loop problem")
        } catch let problem as RonProblem {
            #expect(problem.code == "pagination_loop")
        }
        #expect(pages == 1)
        #expect(server.requests.count == 2)
    }

    @Test func problemsAreThrown() async throws {
        let server = try LoopbackServer { _ in
            .json(403, #"{"code":"POLICY_DENY","message":"Access denied","retryable":false}"#)
        }
        defer { server.stop() }
        let client = try makeClient(server)
        await #expect(throws: RonProblem.self) { try await client.listAll(Row.self, path: "/rows") }
        do {
            _ = try await client.listAll(Row.self, path: "/rows")
        } catch let problem as RonProblem {
            #expect(problem.code == "POLICY_DENY")
            #expect(problem.status == 403)
        }
    }

    @Test func listAllIsBoundedByLimit() async throws {
        let server = try server(pages: 1_000)
        defer { server.stop() }
        let client = try makeClient(server)
        let five = try await client.listAll(Row.self, path: "/rows", limit: 5)
        #expect(five.map(\.id) == [0, 1, 2, 3, 4])
        #expect(server.requests.count == 3)
        let none = try await client.listAll(Row.self, path: "/rows", limit: 0)
        #expect(none.isEmpty)
    }

    @Test func facetsPaginateToo() async throws {
        let server = try server(pages: 2)
        defer { server.stop() }
        let client = try makeClient(server)
        let all = try await client.facet("docs").listAll(Row.self, path: "/rows", limit: 100)
        #expect(all.count == 4)
        #expect(server.requests.first?.target.hasPrefix("/app/facets/docs/rows") == true)
    }
}
