import Foundation
import Testing

@testable import RonAppSdkSwift

@Suite struct RonHeadersTests {
    @Test func lookupIgnoresCaseAndKeepsSpelling() {
        var headers: RonHeaders = ["Content-Type": "application/json"]
        #expect(headers["content-type"] == "application/json")
        #expect(headers["CONTENT-TYPE"] == "application/json")
        headers["content-TYPE"] = "text/plain"
        #expect(headers.count == 1)
        #expect(headers.map(\.name) == ["content-TYPE"])
        #expect(headers["Content-Type"] == "text/plain")
    }

    @Test func repeatedFieldsKeepOrderAndJoinOnRead() {
        var headers = RonHeaders()
        headers.append("Set-Cookie", "a=1")
        headers.append("X-Other", "o")
        headers.append("set-cookie", "b=2")
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers["set-cookie"] == "a=1, b=2")
        #expect(headers.dictionary == ["set-cookie": "a=1, b=2", "x-other": "o"])
        headers["Set-Cookie"] = "c=3"
        #expect(headers.map(\.value) == ["c=3", "o"])
        headers["x-other"] = nil
        #expect(!headers.contains("X-Other") && headers.count == 1)
    }

    @Test func equalityIgnoresNameCaseButNotOrderOrValues() {
        let a: RonHeaders = ["Accept": "x", "X-Id": "1"]
        #expect(a == ["accept": "x", "x-id": "1"])
        #expect(a != ["x-id": "1", "accept": "x"])
        #expect(a != ["accept": "X", "x-id": "1"])
        #expect(Set([a, ["ACCEPT": "x", "X-ID": "1"]]).count == 1)
    }

    @Test func nonASCIINamesAreComparedExactly() {
        #expect(RonHeaders.same("x-ä", "X-ä"))
        #expect(!RonHeaders.same("x-ä", "x-Ä"))
        #expect(!RonHeaders.same("abc", "ab"))
    }

    /// Only letters fold: `@`/`` ` ``, `[`/`{` and `^`/`~` differ by the same bit as `A`/`a` but are
    /// different names.
    @Test func onlyLettersFoldCase() {
        #expect(RonHeaders.same("X-Request-ID", "x-request-id"))
        #expect(RonHeaders.same("", ""))
        #expect(!RonHeaders.same("x@", "x`"))
        #expect(!RonHeaders.same("x[", "x{"))
        #expect(!RonHeaders.same("x^", "x~"))
        #expect(!RonHeaders.same("x-id", "x-ie"))
        let headers: RonHeaders = ["x@": "1"]
        #expect(headers["x`"] == nil && headers["X@"] == "1")
    }

    @Test func aDictionaryIsReadInNameOrder() {
        let headers = RonHeaders(["b": "2", "a": "1", "C": "3"])
        #expect(headers.map(\.name) == ["C", "a", "b"])
    }
}

@Suite("Path and header values in style simple")
struct RonQuerySimpleTests {
    struct Color: Encodable {
        var r: Int
        var g: Int
        var name: String?
        var tags: [String]
    }

    @Test func objectsArraysAndScalarsGoAsOpenAPISays() throws {
        let color = Color(r: 100, g: 200, name: nil, tags: ["a"])
        #expect(try RonQuery.simple(color, explode: false) == #"g,200,r,100,tags,["a"]"#)
        #expect(try RonQuery.simple(color, explode: true) == #"g=200,r=100,tags=["a"]"#)
        #expect(try RonQuery.simple([3, 4, 5], explode: false) == "3,4,5")
        #expect(try RonQuery.simple("x y", explode: false) == "x y")
        #expect(try RonQuery.simple(Optional<Int>.none, explode: false) == "")
        #expect(throws: LocalNetworkError.self) { try RonQuery.simple(["x": Double.nan], explode: false) }
    }
}

@Suite("Query items of one value")
struct RonQueryAppendTests {
    @Test func aGivenValueIsAddedAsItsTextAndNilIsNot() {
        var query: [URLQueryItem] = []
        RonQuery.append("pretty", "a b", to: &query)
        RonQuery.append("watch", true, to: &query)
        RonQuery.append("limit", 20, to: &query)
        RonQuery.append("ratio", 1.5, to: &query)
        RonQuery.append("big", JSONInteger("123456789012345678901234567890"), to: &query)
        RonQuery.append("skipped", nil as Int?, to: &query)
        RonQuery.append("empty", "", to: &query)
        #expect(
            query == [
                URLQueryItem(name: "pretty", value: "a b"), URLQueryItem(name: "watch", value: "true"),
                URLQueryItem(name: "limit", value: "20"), URLQueryItem(name: "ratio", value: "1.5"),
                URLQueryItem(name: "big", value: "123456789012345678901234567890"),
                URLQueryItem(name: "empty", value: ""),
            ])
    }
}

@Suite("Cookie values")
struct RonCookieTests {
    @Test func whatACookieValueMayHoldStaysAndTheRestIsEscaped() {
        #expect(RonCookie.value("abc-_.~!#$&'()*+/:<=>?@[]^`{|}") == "abc-_.~!#$&'()*+/:<=>?@[]^`{|}")
        #expect(RonCookie.value("a b;c,d\"e\\f%") == "a%20b%3Bc%2Cd%22e%5Cf%25")
        #expect(RonCookie.value("æ\u{1}") == "%C3%A6%01")
        #expect(RonCookie.header([("a", "1"), ("b", RonCookie.value("x y"))]) == "a=1; b=x%20y")
    }

    @Test func structuredValuesGoInStyleForm() throws {
        struct Range: Encodable {
            var low: Int
            var high: Int?
            var note: String
        }
        let range = Range(low: 1, high: nil, note: "a b,c")
        let exploded = try RonCookie.pairs("range", range, explode: true)
        #expect(RonCookie.header(exploded) == "low=1; note=a%20b%2Cc")
        let joined = try RonCookie.pairs("range", range, explode: false)
        #expect(RonCookie.header(joined) == "range=low,1,note,a%20b%2Cc")
        #expect(RonCookie.header(try RonCookie.pairs("ids", [1, 2])) == "ids=1,2")
        #expect(RonCookie.header(try RonCookie.pairs("s", "x;y")) == "s=x%3By")
        #expect(try RonCookie.pairs("none", String?.none).isEmpty)
        #expect(throws: LocalNetworkError.self) { try RonCookie.pairs("n", ["x": Double.nan]) }
    }
}
