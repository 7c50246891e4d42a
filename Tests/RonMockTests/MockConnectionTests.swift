import Foundation
import RonMock
import RonTestSupport
import Testing

/// Connections: keep-alive, and several clients answered at the same time.
@Suite struct MockConnectionTests {
    @Test func oneConnectionCarriesSeveralRequests() throws {
        let mock = try MockServing()
        let client = try MockHTTPClient(port: mock.port)
        #expect(try client.request("GET", "/v1/items/i-1").status == 200)
        #expect(try client.request("GET", "/v1/health").text == "ok")
        let last = try client.request("GET", "/v1/items?limit=2", headers: ["Connection": "close"])
        #expect(last.headers["connection"] == "close")
    }

    @Test func aClientThatExpects100ContinueGetsItBeforeSendingTheBody() throws {
        let mock = try MockServing()
        let client = try MockHTTPClient(port: mock.port)
        let body = #"{"name": "Desk", "price": 5}"#
        try client.send(
            "POST /v1/items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: 100-continue\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n")
        #expect(try client.readAnswer().status == 100)
        try client.send(body)
        #expect(try client.readAnswer().status == 201)
    }

    @Test func aClientThatHasNotFinishedItsRequestHoldsUpNoOther() throws {
        let mock = try MockServing()
        let slow = try MockHTTPClient(port: mock.port)
        try slow.send("GET /v1/items/i-1 HTTP/1.1\r\nHost: x\r\n")
        // The first connection waits for the rest of its head; a server that served one
        // connection at a time would not answer this one until it came.
        #expect(try mock.request("GET", "/v1/health").status == 200)
        try slow.send("\r\n")
        #expect(try slow.readAnswer().status == 200)
    }

    @Test func manyClientsAtOnceEachGetTheirOwnAnswer() throws {
        let mock = try MockServing()
        let results = Locked([Int: String]())
        let port = mock.port
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            // An item of the fixtures (i-1 to i-3), or a refused parameter.
            let target = index.isMultiple(of: 2) ? "/v1/items/i-\(index % 3 + 1)" : "/v1/items/i-\(index)?verbose=x"
            let answer = try? MockHTTPClient(port: port).request("GET", target)
            results.update { $0[index] = answer.map { "\($0.status)" } ?? "no answer" }
        }
        for index in 0..<32 {
            #expect(results.value[index] == (index.isMultiple(of: 2) ? "200" : "400"), "client \(index)")
        }
    }

    @Test func aRequestThatIsNotHTTPGets400AndTheConnectionCloses() throws {
        let mock = try MockServing()
        let client = try MockHTTPClient(port: mock.port)
        try client.send("HELLO THERE\r\n\r\n")
        let answer = try client.readAnswer()
        #expect(answer.status == 400)
        #expect(answer.headers["connection"] == "close")
        #expect(answer.json?["message"] as? String == "not an HTTP/1.1 request line: 'HELLO THERE'")
        let length = try MockHTTPClient(port: mock.port)
        try length.send("POST /v1/items HTTP/1.1\r\nContent-Length: lots\r\n\r\n")
        #expect(try length.readAnswer().json?["message"] as? String == "Content-Length 'lots' is not a number")
    }

    @Test func anAddressInUseOrNotAnAddressIsAnErrorThatSaysWhich() throws {
        let mock = try MockServing()
        let api = try MockAPI(schemaDirectory: mock.shop.schema, fixturesDirectory: nil)
        let taken = MockServer(api: api, configuration: .init(port: mock.port))
        let inUse = #expect(throws: MockServer.StartError.self) { try taken.start() }
        #expect(inUse?.description.hasPrefix("cannot listen on 127.0.0.1:\(mock.port): ") == true)
        let nowhere = MockServer(api: api, configuration: .init(host: "example.com"))
        let bad = #expect(throws: MockServer.StartError.self) { try nowhere.start() }
        #expect(bad?.description == "cannot listen on example.com:0: not an IPv4 address and port")
    }
}
