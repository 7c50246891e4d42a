import Foundation
import RonAppSdkSwift
import RonTestSupport
import Testing

/// Calls generated from bodies shaped as published API descriptions write them (this target's
/// `Schema/httpbin.openapi.json`), as httpbin reads them: Stripe's deepObject forms, the
/// Petstore's body in three media types and answers in two, text in two media types, forms whose
/// schema lists no fields, `multipart/mixed`, and a media range. Every call says what it accepts.
@Suite struct HTTPBinPublishedShapeTests {
    private static func echo(_ answer: AppResponse<Echo>) throws -> Echo {
        try #require(answer.data, "\(answer.problem.map(String.init(describing:)) ?? "no answer")")
    }

    @Test func aStripeShapedFormSendsDeepObjectsAsStripeReadsThem() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let body = PostCustomerRequest(
            address: .addressFields(PostCustomerRequestAddressAddressFields(city: "Oslo", line1: "Kirkegata 1")),
            description: "a/b?c=d&e", expand: ["sources", "tax.ids"], metadata: .stringMap(["plan": "gold"]),
            taxExempt: PostCustomerRequestTaxExempt.none)
        let echo = try Self.echo(await client.postCustomer(body: body))
        let form = try #require(echo.form)
        #expect(form["address[city]"] == .string("Oslo"))
        #expect(form["address[line1]"] == .string("Kirkegata 1"))
        #expect(form["expand[0]"] == .string("sources"))
        #expect(form["expand[1]"] == .string("tax.ids"))
        #expect(form["metadata[plan]"] == .string("gold"))
        #expect(form["description"] == .string("a/b?c=d&e"))
        #expect(form["tax_exempt"] == .string("none"))
        #expect(form.count == 7)
        #expect(echo.headers?["Accept"] == "application/json")

        // Stripe's "" (unset) for a member that is otherwise an object.
        let unset = try Self.echo(
            await client.postCustomer(
                body: PostCustomerRequest(address: .variant1(.value), metadata: .variant1(.value))))
        #expect(unset.form == ["address": .string(""), "metadata": .string("")])
    }

    @Test func aBodyInThreeMediaTypesGoesAsJSONAndOnlyJSONIsAskedFor() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let echo = try Self.echo(await client.addPet(body: Seller(name: "Rex", rating: 3)))
        #expect(echo.headers?["Content-Type"] == "application/json")
        #expect(echo.headers?["Accept"] == "application/json, application/problem+json")
        let sent = try JSONDecoder().decode(Seller.self, from: Data(try #require(echo.data).utf8))
        #expect(sent == Seller(name: "Rex", rating: 3))
        // The caller's Accept wins, whatever its case.
        let own = try Self.echo(await client.addPet(body: Seller(name: "Rex"), headers: ["accept": "*/*"]))
        #expect(own.headers?["Accept"] == "*/*")
    }

    @Test func aMergePatchIsJSONSentUnderItsOwnMediaType() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let echo = try Self.echo(await client.patchPet(name: "Rex", body: Seller(name: "Rex", rating: 5)))
        #expect(echo.headers?["Content-Type"] == "application/merge-patch+json")
        let sent = try JSONDecoder().decode(Seller.self, from: Data(try #require(echo.data).utf8))
        #expect(sent == Seller(name: "Rex", rating: 5))
    }

    @Test func textInTwoMediaTypesIsSentAsBytesOfTheFirst() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let plain = try Self.echo(await client.postNote(body: .data(Data("# hello".utf8))))
        #expect(plain.data == "# hello")
        #expect(plain.headers?["Content-Type"] == "text/plain")
        let markdown = try Self.echo(
            await client.postNote(body: .data(Data("*hi*".utf8)), contentType: "text/x-markdown"))
        #expect(markdown.headers?["Content-Type"] == "text/x-markdown")
    }

    @Test func formsWhoseSchemaListsNoFieldsTakeWhatTheCallerBuilds() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        var parts = RonMultipartForm()
        parts.append("caption", value: "sunset")
        parts.append("photo", data: Data([0x89, 0x50, 0x4E, 0x47]), filename: "s.png", contentType: "image/png")
        let multipart = try Self.echo(await client.postFreeParts(body: parts))
        #expect(multipart.form == ["caption": .string("sunset")])
        #expect(Self.text(multipart.files?["photo"]) == "data:image/png;base64,iVBORw==")

        let fields = try Self.echo(await client.postFreeFields(body: [("q", "a b"), ("q", "ü"), ("page", "2")]))
        #expect(fields.form == ["q": .array([.string("a b"), .string("ü")]), "page": .string("2")])
    }

    @Test func multipartMixedIsSentAsTheCallerFramedIt() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let framed = "--b1\r\nContent-Type: application/json\r\n\r\n{\"a\":1}\r\n--b1--\r\n"
        let echo = try Self.echo(
            await client.postBatch(body: .data(Data(framed.utf8)), contentType: "multipart/mixed; boundary=b1"))
        #expect(echo.headers?["Content-Type"] == "multipart/mixed; boundary=b1")
        #expect(echo.data == framed)
    }

    @Test func aMediaRangeSendsTheSchemasMediaTypeAndAcceptsEveryAnswer() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let answer = await client.putAvatar(body: .data(Data([1, 2, 3])))
        guard case .status200Json(let echo)? = answer.data else {
            Issue.record(
                "expected the JSON echo, got \(String(describing: answer.data)) \(String(describing: answer.problem))")
            return
        }
        #expect(echo.headers?["Content-Type"] == "image/png")
        #expect(echo.headers?["Accept"] == "application/json, text/csv")
    }

    @Test func parametersGoAsPublishedDescriptionsStyleThem() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let answer = await client.searchBeta(
            metadata: ["plan": "gold", "tier": "a b"], range: PriceRange(low: 1, high: 2),
            point: PriceRange(low: 3, high: 4), ids: [1, 2, 3], words: ["x", "y"], xBetas: [.aV1, .bV2],
            filter: PriceRange(low: 5, high: 6), since: Date(timeIntervalSince1970: 1_767_323_045.5),
            xSince: [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 86_400)])
        let echo = try Self.echo(answer)
        #expect(
            echo.args == [
                "beta": .string("true"), "metadata[plan]": .string("gold"), "metadata[tier]": .string("a b"),
                "low": .string("1"), "high": .string("2"), "point": .string("high,4,low,3"),
                "ids": .string("1|2|3"), "words": .string("x y"), "filter": .string(#"{"high":6,"low":5}"#),
                "since": .string("2026-01-02T03:04:05.5Z"),
            ])
        #expect(echo.headers?["X-Betas"] == "a=v1,b=v2")
        #expect(echo.headers?["X-Since"] == "1970-01-01T00:00:00Z,1970-01-02T00:00:00Z")
        // Only the query of the path's key when nothing else is given.
        let bare = try Self.echo(await client.searchBeta())
        #expect(bare.args == ["beta": .string("true")])
    }

    @Test func objectPathAndHeaderValuesGoInStyleSimple() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let echo = try Self.echo(
            await client.getShade(range: PriceRange(low: 1, high: 9), xRange: PriceRange(low: 2, high: 3)))
        #expect(echo.url?.hasSuffix("/anything/shades/high,9,low,1") == true, "\(echo.url ?? "no url")")
        #expect(echo.headers?["X-Range"] == "high=3,low=2")
    }

    @Test func cookieParametersGoAsOneCookieHeader() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let echo = try Self.echo(
            await client.getSession(
                session: "s-1", ids: [4, 2], note: "a b;c=\"d\"", span: PriceRange(low: 1, high: 9),
                band: PriceRange(low: 2, high: 3), xTrace: "t"))
        // An object: each member a cookie of its own (form, exploded), or one `k,v,…` cookie.
        #expect(
            echo.headers?["Cookie"] == "session=s-1; ids=4,2; note=a%20b%3Bc=%22d%22; high=9; low=1; band=high,3,low,2")
        #expect(echo.headers?["X-Trace"] == "t")
        let bare = try Self.echo(await client.getSession(session: "only"))
        #expect(bare.headers?["Cookie"] == "session=only")
        // The caller's own Cookie header wins.
        let own = try Self.echo(await client.getSession(session: "s", headers: ["cookie": "mine=1"]))
        #expect(own.headers?["Cookie"] == "mine=1")
    }

    @Test func pathParametersInsideOneSegmentAreEncodedAsOne() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        // (httpbin reports the path decoded, so a `/` in a value is checked in RonAppSdkSwiftTests.)
        let echo = try Self.echo(await client.getFileAs(fileId: "report 7", extension: .jpg))
        #expect(echo.url?.hasSuffix("/anything/files/report%207.jpg") == true, "\(echo.url ?? "no url")")
    }

    @Test func aPostAnsweredAsJSONOrEventsAsksForBoth() async throws {
        let server = try await HTTPBinServer.start()
        defer { server.stop() }
        let client = try Upload.client(server)
        let answer = await client.createCompletion(body: Seller(name: "prompt"))
        guard case .status200Json(let echo)? = answer.data else {
            Issue.record("expected the JSON echo, got \(String(describing: answer.problem))")
            return
        }
        #expect(echo.headers?["Accept"] == "application/json, text/event-stream")
        #expect(echo.headers?["Content-Type"] == "application/json")
    }

    static func text(_ value: JSONValue?) -> String? {
        guard case .string(let text)? = value else { return nil }
        return text
    }
}
