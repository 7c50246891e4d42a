import Foundation
import Testing

/// A request that does not fit the schema gets 400 in the App Plane's problem envelope, naming the
/// parameter or the JSON pointer and what the schema says there.
@Suite struct MockValidationTests {
    static func problems(_ answer: MockHTTPClient.Answer) -> [String] {
        let details = answer.json?["details"] as? [String: Any]
        let list = details?["problems"] as? [[String: String]] ?? []
        return list.map { "\($0["location"] ?? ""): \($0["message"] ?? "")" }
    }

    @Test func aMissingRequiredQueryParameterIsNamed() throws {
        let mock = try MockServing()
        let answer = try mock.request("GET", "/v1/items")
        #expect(answer.status == 400)
        #expect(answer.json?["code"] as? String == "invalid_request")
        #expect(answer.json?["retryable"] as? Bool == false)
        #expect(answer.json?["message"] as? String == "listItems: query parameter 'limit': required, and missing")
    }

    @Test func aCookieParameterIsReadFromTheCookieHeader() throws {
        let mock = try MockServing()
        let big = try mock.request("DELETE", "/v1/items/i-1", headers: ["Cookie": "theme=dark; confirm=5"])
        #expect(Self.problems(big) == ["cookie parameter 'confirm': 5 is above the maximum 1"])
        let fine = try mock.request("DELETE", "/v1/items/i-1", headers: ["Cookie": "theme=dark; confirm=1"])
        #expect(fine.status == 204)
    }

    @Test func typesRangesAndEnumsOfParametersAreChecked() throws {
        let mock = try MockServing()
        let word = try mock.request("GET", "/v1/items?limit=ten")
        #expect(
            Self.problems(word) == [
                "query parameter 'limit': expected an Int32 (a whole number from -2147483648 to 2147483647), got 'ten'"
            ])
        let big = try mock.request("GET", "/v1/items?limit=51&color=green")
        #expect(
            Self.problems(big) == [
                "query parameter 'limit': 51 is above the maximum 50",
                "query parameter 'color': expected one of red, blue (a value of Color), got 'green'",
            ])
        let flag = try mock.request("GET", "/v1/items/i-1?verbose=maybe")
        #expect(Self.problems(flag) == ["query parameter 'verbose': expected true or false, got 'maybe'"])
        let path = try mock.request("GET", "/v1/items/x-1")
        #expect(Self.problems(path) == ["path parameter 'item_id': 'x-1' does not match the pattern ^i-[0-9]+$"])
    }

    @Test func aBodyIsCheckedWithEveryPointerNamed() throws {
        let mock = try MockServing()
        let answer = try mock.request(
            "POST", "/v1/items", headers: ["Content-Type": "application/json"],
            body: #"{"price": "cheap", "color": 3}"#)
        // createItem documents 422 and no 400: its refusals are 422.
        #expect(answer.status == 422)
        #expect(
            Self.problems(answer) == [
                "body at /name: the required member 'name' of ItemDraft is missing",
                "body at /price: expected a number, found string",
                "body at /color: expected a string (a value of Color), found number",
            ])
        #expect((answer.json?["message"] as? String)?.hasPrefix("createItem: body at /name: ") == true)
    }

    @Test func aMissingBodyNotJSONAndAnotherMediaTypeAreRefused() throws {
        let mock = try MockServing()
        let missing = try mock.request("POST", "/v1/items")
        #expect(Self.problems(missing) == ["body: required (application/json), and missing"])
        let broken = try mock.request(
            "POST", "/v1/items", headers: ["Content-Type": "application/json"], body: #"{"name": "#)
        #expect(broken.status == 422)
        #expect(Self.problems(broken).first?.hasPrefix("body: not JSON") == true)
        let text = try mock.request("POST", "/v1/items", headers: ["Content-Type": "text/plain"], body: "hello")
        #expect(text.status == 415)
        #expect(text.json?["code"] as? String == "unsupported_media_type")
    }

    @Test func aChunkedBodyIsReadAndATooLargeOneIs413() throws {
        let mock = try MockServing()
        let client = try MockHTTPClient(port: mock.port)
        let body = #"{"name": "Desk", "price": 5}"#
        let half = body.utf8.count / 2
        let chunks =
            String(half, radix: 16) + "\r\n" + String(body.prefix(half)) + "\r\n"
            + String(body.utf8.count - half, radix: 16) + "\r\n" + String(body.dropFirst(half)) + "\r\n0\r\n\r\n"
        try client.send(
            "POST /v1/items HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + chunks)
        #expect(try client.readAnswer().status == 201)
        // Refused from the head alone, before any of the body is sent.
        let refusing = try MockHTTPClient(port: mock.port)
        try refusing.send("POST /v1/items HTTP/1.1\r\nHost: x\r\nContent-Length: \((1 << 20) + 1)\r\n\r\n")
        let large = try refusing.readAnswer()
        #expect(large.status == 413)
        #expect(large.json?["code"] as? String == "payload_too_large")
        // The refusal names the limit and the option that raises it.
        #expect((large.json?["message"] as? String)?.contains("1048576 bytes") == true)
        #expect((large.json?["message"] as? String)?.contains("--max-body") == true)
    }
}

/// A multipart body against the operation's form: required parts, repeated parts, and the media
/// types the `encoding` object lists.
@Suite struct MockMultipartValidationTests {
    private static func body(_ parts: [(name: String, type: String?)]) -> String {
        var text = ""
        for part in parts {
            text += "--b0undary\r\nContent-Disposition: form-data; name=\"\(part.name)\""
            if let type = part.type { text += "; filename=\"f\"\r\nContent-Type: \(type)" }
            text += "\r\n\r\nvalue\r\n"
        }
        return text + "--b0undary--\r\n"
    }

    @Test func aFittingFormIsAnsweredAndMissingOrWrongPartsAreNamed() throws {
        // `fits` sends no `tags` part: the required array is empty.
        let mock = try MockServing()
        let headers = ["Content-Type": "multipart/form-data; boundary=b0undary"]
        let fits = try mock.request(
            "POST", "/v1/photos", headers: headers,
            body: Self.body([("caption", nil), ("photo", "image/jpeg")]))
        #expect(fits.status == 204)
        let wrong = try mock.request(
            "POST", "/v1/photos", headers: headers,
            body: Self.body([("caption", nil), ("caption", nil), ("photo", "application/pdf")]))
        #expect(wrong.status == 400)
        #expect(
            MockValidationTests.problems(wrong) == [
                "body part 'caption': sent 2 times, expected once",
                "body part 'photo': is application/pdf; the encoding lists image/png, image/jpeg",
            ])
        let missing = try mock.request("POST", "/v1/photos", headers: headers, body: Self.body([("caption", nil)]))
        #expect(MockValidationTests.problems(missing) == ["body part 'photo': required, and missing"])
        // `tags`, a required array, goes as one part per element: sent empty, it is no part at all.
        let tagged = try mock.request(
            "POST", "/v1/photos", headers: headers,
            body: Self.body([("caption", nil), ("photo", "image/png"), ("tags", nil), ("tags", nil)]))
        #expect(tagged.status == 204)
        let unframed = try mock.request(
            "POST", "/v1/photos", headers: ["Content-Type": "multipart/form-data"], body: "caption=x")
        #expect(
            MockValidationTests.problems(unframed) == ["body: a multipart body needs a boundary in its Content-Type"])
    }
}
