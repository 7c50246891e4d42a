/// The tests of a package made by `ron new` that run against the mock of its API.
extension Scaffold {
    /// `Tests/<API>Tests/MockFlowTests.swift`: the app's flow through the generated calls against the
    /// mock `ci.sh` starts (`API_MOCK_URL`), with faults and latency asked for by `Prefer:`. The DocC
    /// article "Testing against the mock" shows this code; keep the two alike.
    var mockFlowTest: String {
        #"""
        import Foundation
        import RonAppSdkSwift
        import Testing
        import \#(api)

        #if canImport(FoundationNetworking)
            import FoundationNetworking
        #endif

        /// The mock's address, from API_MOCK_URL (`http://127.0.0.1:PORT`).
        enum MockAddress {
            static let url = ProcessInfo.processInfo.environment["API_MOCK_URL"].flatMap { URL(string: $0) }
        }

        /// The app's flow against the mock of its API, through the generated calls: ./ci.sh starts the mock
        /// (`swift package --scratch-path .build/mock ron-mock`) and sets API_MOCK_URL to its address; without
        /// it the suite is skipped. Each test starts from the mock's seeds: `POST /_mock/reset` forgets what
        /// earlier tests created.
        @Suite(.serialized, .enabled(if: MockAddress.url != nil, "API_MOCK_URL is not set: ./ci.sh starts the mock and sets it"))
        struct MockFlowTests {
            /// The widgetsKey API key the mock accepts: ci.sh starts it with `--credential '*=ci:mock-credential'`.
            static let key = "ci:mock-credential"

            let base: URL

            /// Runs before each test: the mock forgets what earlier tests created.
            init() async throws {
                base = try #require(MockAddress.url)
                var reset = URLRequest(url: base.appending(path: "_mock/reset"))
                reset.httpMethod = "POST"
                let (_, answer) = try await URLSession.shared.data(for: reset)
                #expect((answer as? HTTPURLResponse)?.statusCode == 204, "the mock keeps no state (--stateless?)")
            }

            /// A client of the mock that retries as the app's should (`RetryPolicy.standard`): `inner`
            /// middleware runs inside the retries, so it sees every attempt.
            func client(key: String? = MockFlowTests.key, inner: [any RonMiddleware] = []) throws -> RonClient {
                var config = RonConfig(baseUrl: base, allowInsecureHttp: true)
                config.credentials = WidgetsCredentials(widgetsKey: key).credentials
                config.middleware = [RetryMiddleware(policy: .standard)] + inner
                return try RonClient(config: config)
            }

            @Test func aCreatedWidgetIsListedAndShown() async throws {
                let client = try client()
                defer { client.close() }
                let before = try await client.listWidgets(limit: 100).value()
                #expect(!before.contains { $0.name == "Made by a test" }, "the reset forgot earlier tests' widgets")
                let made = try await client.createWidget(body: WidgetDraft(name: "Made by a test", size: 4)).value()
                #expect(made.name == "Made by a test")
                let listed = try await client.listWidgets(limit: 100).value()
                #expect(listed.map(\.id) == before.map(\.id) + [made.id])
                let shown = try await client.getWidget(widgetId: made.id).value()
                #expect(shown.name == "Made by a test")
                #expect(shown.size == 4)
            }

            @Test func aCreateWithAWrongKeyIsRefused() async throws {
                let client = try client(key: "not-the-key")
                defer { client.close() }
                let refused = await client.createWidget(body: WidgetDraft(name: "Wrong key"))
                #expect(refused.status == 401)
                #expect(refused.problem?.kind == "auth")
                #expect(try await client.listWidgets().value().allSatisfy { $0.name != "Wrong key" })
                // Without a key the SDK does not send the call: createWidget's security asks for one.
                let keyless = try self.client(key: nil)
                defer { keyless.close() }
                #expect(await keyless.createWidget(body: WidgetDraft(name: "No key")).problem?.code == "credentials_missing")
            }

            @Test func aBusyAnswerIsRetriedAfterItsRetryAfter() async throws {
                // The first attempt asks the mock for getWidget's documented 503 (with Retry-After: 1).
                let attempts = Attempts()
                let client = try client(inner: [FirstAttempt(prefer: "code=503", attempts: attempts)])
                defer { client.close() }
                let widget = await client.getWidget(widgetId: "w1")
                #expect(widget.status == 200)
                #expect(await attempts.count == 2)
                #expect(widget.durationMs >= 1_000, "the retry waited for Retry-After")
            }

            @Test func aResetConnectionIsRetried() async throws {
                let attempts = Attempts()
                let client = try client(inner: [FirstAttempt(prefer: "fault=reset", attempts: attempts)])
                defer { client.close() }
                let widgets = await client.listWidgets(limit: 10)
                #expect(widgets.ok, "\(String(describing: widgets.problem))")
                #expect(await attempts.count == 2)
            }

            @Test func aSlowAnswerArrivesLate() async throws {
                let client = try client()
                defer { client.close() }
                // A preference for one call: the answer 300 ms late.
                let slow = await client.getWidget(widgetId: "w1", headers: ["Prefer": "latency=300"])
                #expect(slow.ok)
                #expect(slow.header("X-Ron-Mock-Latency") == "300")
                #expect(slow.durationMs >= 300)
            }

            @Test func aDocumentedAnswerIsGivenOnRequest() async throws {
                let client = try client()
                defer { client.close() }
                // getWidget documents a 404: asked for, it is answered whatever the widget.
                let missing = await client.getWidget(widgetId: "w1", headers: ["Prefer": "code=404"])
                #expect(missing.status == 404)
                #expect(missing.problem != nil)
                // A list made up from the schema, as the generated types decode it.
                let madeUp = await client.listWidgets(headers: ["Prefer": "dynamic=true"])
                #expect(madeUp.ok, "\(String(describing: madeUp.problem))")
            }
        }

        /// Counts the attempts of a call.
        actor Attempts {
            private(set) var count = 0
            func next() -> Int {
                count += 1
                return count
            }
        }

        /// Sends `Prefer: <prefer>` with the first attempt only, so the mock fails it and the retry is
        /// answered; placed inside the retries, it counts every attempt.
        struct FirstAttempt: RonMiddleware {
            let prefer: String
            let attempts: Attempts

            func intercept(
                _ request: TransportRequest, context: MiddlewareContext, next: RonMiddlewareNext
            ) async throws -> TransportResponse {
                var request = request
                if await attempts.next() == 1 { request.setHeader("Prefer", prefer) }
                return try await next(request)
            }
        }

        """#
    }
}
