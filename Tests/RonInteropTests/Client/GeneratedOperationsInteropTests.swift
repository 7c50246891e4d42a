import Foundation
import RonAppSdkSwift
import RonFacets
import RonGateway
import RonTestSupport
import Testing

/// The calls generated from `Schema/app-plane.openapi.json`, over real HTTP against the embedded
/// gateway, and the gateway held to the document.
@Suite("Generated operations against the embedded gateway")
struct GeneratedOperationsInteropTests {
    /// An echo facet `hello` with the route the document's examples name (`/ping`) and a deeper one.
    static let facet = FacetDefinition(
        id: "hello", kind: .echo,
        routes: [
            .init(method: "GET", path: "/ping"), .init(method: "POST", path: "/ping"),
            .init(method: "GET", path: "/a/b"),
        ])

    @Test func generatedCallsAnswerTheDocumentedTypes() async throws {
        try await withGateway(packageConfiguration()) { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            let health = await client.getHealth()
            #expect(health.ok && health.data?.ok == true)
            let hello = await client.getHello()
            #expect(hello.data?.message.isEmpty == false)
            let echo = await client.echo(body: ["k": "v", "n": 1])
            #expect(echo.data?.echo == ["k": "v", "n": 1])
            #expect(echo.data?.headers == nil)
            let withHeaders = await client.echo(headersValue: true, body: [1], headers: ["X-Extra": "yes"])
            #expect(withHeaders.data?.headers?["x-extra"] == "yes")
            let page = await client.listItems(pageSize: 5)
            #expect(page.data?.items.count == 5)
            let next = await client.listItems(pageSize: 5, pageToken: page.data?.nextPageToken)
            #expect(next.data?.items.first?.id != page.data?.items.first?.id)
            #expect(next.data?.items.count == 5)
        }
    }

    @Test func aBadQueryValueComesBackAsTheGatewaysProblem() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            let page = await client.listItems(pageSize: 0)
            #expect(page.status == 400)
            #expect(page.problem?.code == "BAD_REQUEST")
        }
    }

    @Test func thePageSequenceWalksEveryPage() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            var sizes: [Int] = []
            var ids: [String] = []
            for try await page in client.listItemsPages(pageSize: 7) {
                sizes.append(page.items.count)
                ids += page.items.map(\.id)
            }
            #expect(sizes == [7, 7, 7, 2])
            #expect(Set(ids).count == 23)
        }
    }

    @Test func theEventStreamIsATypedSubscription() async throws {
        try await withGateway { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            var ticks: [StreamTick] = []
            for try await tick in try await client.subscribeEvents(count: 3, intervalMs: 0) { ticks.append(tick) }
            #expect(ticks.map(\.seq) == [1, 2, 3])
            var resumed: [UInt64] = []
            for try await tick in try await client.subscribeEvents(count: 4, intervalMs: 0, lastEventId: "2") {
                resumed.append(tick.seq)
            }
            #expect(resumed == [3, 4])
        }
    }

    @Test func facetCallsGoThroughTheFacetClientWithEachSegmentEncoded() async throws {
        try await withGateway(GatewayConfiguration(facets: [Self.facet])) { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            let facet = client.facet("hello")
            let got = await facet.getFacetResource(path: "ping")
            #expect(got.status == 200)
            #expect(got.data.map { String(decoding: $0, as: UTF8.self) } == #"{"echo":"ok"}"#)
            let posted = await facet.postFacetResource(path: "/ping", body: ["x": 1])
            #expect(posted.status == 200)
            let deep = await facet.getFacetResource(path: "a/b")
            #expect(deep.status == 200)
            let missing = await client.facet("nobody").getFacetResource(path: "ping")
            #expect(missing.status == 404)
            let invalid = await client.facet("a/b").getFacetResource(path: "ping")
            #expect(invalid.status == 0 && invalid.problem?.kind == "local")
            // The binary answer's stream twin: the same bytes, through the facet's prefix.
            let streamed = try await facet.getFacetResourceStream(path: "ping")
            var bytes = Data()
            for try await chunk in streamed.body { bytes.append(chunk) }
            #expect(bytes == got.data)
            await #expect(throws: RonProblem.self) {
                _ = try await client.facet("nobody").getFacetResourceStream(path: "ping")
            }
        }
    }

    @Test func everyOperationOfTheDocumentAnswersItsDocumentedType() async throws {
        try await withGateway(packageConfiguration(facets: [Self.facet])) { base in
            let client = try makeClient(base: base)
            defer { client.close() }
            #expect(!RonOperationCatalog.operations.isEmpty)
            for operation in RonOperationCatalog.operations {
                var path = operation.path
                var query: [URLQueryItem] = []
                for (name, location) in operation.parameters.sorted(by: { $0.key < $1.key }) {
                    guard let example = operation.examples[name] else { continue }
                    switch location {
                    case "path": path = path.replacingOccurrences(of: "{\(name)}", with: example)
                    case "query": query.append(URLQueryItem(name: name, value: example))
                    default: break
                    }
                }
                if operation.eventStream { query.append(URLQueryItem(name: "interval_ms", value: "0")) }
                let body = operation.method == "POST" ? try AppRequestBody.json(["k": 1] as [String: Int]) : nil
                let answer: AppResponse<Data> = await client.request(
                    AppRequest(method: HTTPMethod(rawValue: operation.method), path: path, query: query, body: body))
                #expect(answer.ok, "\(operation.operationId): \(answer.status) \(String(describing: answer.problem))")
                guard let type = operation.responseType, let data = answer.data else { continue }
                if operation.eventStream {
                    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
                    let events = lines.filter { $0.hasPrefix("data: ") }.map { Data($0.dropFirst(6).utf8) }
                    #expect(!events.isEmpty, "\(operation.operationId) sent no event")
                    for event in events {
                        #expect(try RonSchemaCatalog.reencode(event, as: type) != nil)
                    }
                } else {
                    #expect(
                        throws: Never.self, "\(operation.operationId) did not answer a \(type)",
                        performing: { _ = try RonSchemaCatalog.reencode(data, as: type) })
                }
            }
        }
    }

    @Test func theGatewayServesExactlyTheRoutesOfTheDocument() {
        let documented = RonOperationCatalog.operations.map { "\($0.method) \($0.path)" }.sorted()
        #expect(EmbeddedGateway.appRoutes == documented)
    }
}
