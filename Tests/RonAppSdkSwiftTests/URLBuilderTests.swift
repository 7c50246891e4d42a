import Foundation
import PropertyBased
import Testing

@testable import RonAppSdkSwift

@Suite struct URLBuilderTests {
    private func builder(_ base: String) throws -> URLBuilder {
        try URLBuilder(baseUrl: URL(string: base)!)
    }

    @Test func appendsAppToTheBase() throws {
        #expect(try builder("https://h").url(path: "/hello", query: []).absoluteString == "https://h/app/hello")
        #expect(
            try builder("https://h:8443/").url(path: "/hello", query: []).absoluteString == "https://h:8443/app/hello")
    }

    @Test func keepsABasePathPrefix() throws {
        #expect(
            try builder("https://h/prefix").url(path: "/hello", query: []).absoluteString
                == "https://h/prefix/app/hello")
        #expect(
            try builder("https://h/a/b//").url(path: "/x/", query: []).absoluteString == "https://h/a/b/app/x/")
    }

    @Test func aServerPathReplacesAppAndKeepsAnAppSegment() throws {
        let base = try builder("https://h/prefix")
        #expect(
            try base.url(path: RonPath.server("/v2") + "/stock/g 1", query: []).absoluteString
                == "https://h/prefix/v2/stock/g%201")
        #expect(
            try base.url(path: RonPath.server("v2/") + "/app/x", query: []).absoluteString
                == "https://h/prefix/v2/app/x")
        #expect(try base.url(path: RonPath.server("") + "/x", query: []).absoluteString == "https://h/prefix/x")
        #expect(
            try base.url(path: RonPath.server("/v2") + "/" + RonPath.segment("a/b"), query: []).absoluteString
                == "https://h/prefix/v2/a%2Fb")
        #expect(RonPath.display(RonPath.server("/v2") + "/stock") == "/v2/stock")
        // An unclosed server path is refused, never sent below /app.
        let unclosed = String(decoding: [RonPath.serverMarker] + Array("/v2/x".utf8), as: UTF8.self)
        #expect(throws: LocalNetworkError.self) { try base.url(path: unclosed, query: []) }
    }

    @Test func encodesPathSegments() throws {
        let url = try builder("https://h").url(path: "/files/my report/é+&=/日本", query: [])
        #expect(url.absoluteString == "https://h/app/files/my%20report/%C3%A9%2B%26%3D/%E6%97%A5%E6%9C%AC")
        let percent = try builder("https://h").url(path: "/a%2Fb", query: [])
        #expect(percent.absoluteString == "https://h/app/a%252Fb")
    }

    @Test func encodesQueryValuesStrictly() throws {
        let url = try builder("https://h").url(
            path: "/search",
            query: [
                URLQueryItem(name: "q", value: "a b+c&d=e/f?g#h%"),
                URLQueryItem(name: "ü", value: "日"),
                URLQueryItem(name: "flag", value: nil),
            ])
        #expect(
            url.absoluteString
                == "https://h/app/search?q=a%20b%2Bc%26d%3De%2Ff%3Fg%23h%25&%C3%BC=%E6%97%A5&flag")
    }

    @Test func pathsFollowTheFamilyWireRules() throws {
        let base = try builder("https://h/prefix")
        #expect(try base.url(path: "hello", query: []).absoluteString == "https://h/prefix/app/hello")
        #expect(try base.url(path: "", query: []).absoluteString == "https://h/prefix/app")
        #expect(try base.url(path: "/app/hello", query: []).absoluteString == "https://h/prefix/app/hello")
        #expect(try base.url(path: "app/hello", query: []).absoluteString == "https://h/prefix/app/hello")
        #expect(try base.url(path: "/app", query: []).absoluteString == "https://h/prefix/app")
        #expect(try base.url(path: "/apple", query: []).absoluteString == "https://h/prefix/app/apple")
        #expect(try base.url(path: "app", query: []).absoluteString == "https://h/prefix/app")
        #expect(try base.url(path: "/app/", query: []).absoluteString == "https://h/prefix/app/")
        #expect(try base.url(path: "/", query: []).absoluteString == "https://h/prefix/app/")
        #expect(try base.url(path: "//x", query: []).absoluteString == "https://h/prefix/app//x")
        #expect(try base.url(path: "/app/app/x", query: []).absoluteString == "https://h/prefix/app/app/x")
        #expect(try base.url(path: "/ap", query: []).absoluteString == "https://h/prefix/app/ap")
        #expect(
            try base.url(path: "/files/my report", query: [URLQueryItem(name: "a", value: nil)]).absoluteString
                == "https://h/prefix/app/files/my%20report?a")
    }

    /// The `/app` prefix is dropped before the checks, so a bad path below it is still refused,
    /// with the path as the caller wrote it in the error.
    @Test func badPathsBelowTheAppPrefixAreRefusedAsWritten() throws {
        let base = try builder("https://h")
        let error = #expect(throws: LocalNetworkError.self) { try base.url(path: "/app/..", query: []) }
        guard case .invalidPath(let path, let reason)? = error else {
            Issue.record("expected invalidPath, got \(String(describing: error))")
            return
        }
        #expect(path == "/app/.." && reason == "\"..\" segments are not allowed")
        #expect(throws: LocalNetworkError.self) { try base.url(path: "app/a#b", query: []) }
        #expect(throws: LocalNetworkError.self) { try base.url(path: "/app/\u{85}", query: []) }
    }

    @Test(arguments: ["/a/../b", "/a/./b", "/..", "/a?x=1#f", "/a#f", "/a\r\nX-Evil: 1", "/a\u{0}b", "/a/../b?x=1"])
    func refusesBadPaths(path: String) throws {
        #expect(throws: LocalNetworkError.self) { try builder("https://h").url(path: path, query: []) }
    }

    /// A query written in the path is split off and its parameters go first, decoded and encoded
    /// again as `query:` parameters are (a server path's call too).
    @Test func aQueryWrittenInThePathIsSplitOffAndSentFirst() throws {
        let base = try builder("https://h")
        let url = try base.url(
            path: "/search?q=a%20b+c&flag&empty=&%C3%BC=%zz", query: [URLQueryItem(name: "page", value: "2")])
        #expect(url.absoluteString == "https://h/app/search?q=a%20b%2Bc&flag&empty=&%C3%BC=%25zz&page=2")
        #expect(
            try base.url(path: RonPath.server("/v3") + "/items?limit=5", query: []).absoluteString
                == "https://h/v3/items?limit=5")
        #expect(try base.url(path: "/a?", query: []).absoluteString == "https://h/app/a")
    }

    @Test func aSegmentMadeByRonPathGoesOutAsOneEncodedSegment() throws {
        let base = try builder("https://h")
        let path = "/items/\(RonPath.segment("a/b?c#d%e f"))/tail/\(RonPath.segment("x"))-\(RonPath.segment("é"))"
        #expect(
            try base.url(path: path, query: []).absoluteString
                == "https://h/app/items/a%2Fb%3Fc%23d%25e%20f/tail/x-%C3%A9")
        // A whole-segment `.` or `..` is still refused, however it was made.
        #expect(throws: LocalNetworkError.self) { try base.url(path: "/a/\(RonPath.segment(".."))", query: []) }
    }

    @Test(arguments: ["/a/\u{1F}b/c\u{1F}", "/a/\u{1F}b c\u{1F}", "/a/\u{1F}b", "/a\u{1E}b"])
    func refusesAMarkerThatRonPathDidNotMake(path: String) throws {
        #expect(throws: LocalNetworkError.self) { try builder("https://h").url(path: path, query: []) }
    }

    @Test func dictionaryQueryIsSortedForStableURLs() {
        let items = AppRequest.queryItems(["b": "2", "a": "1", "c": "3"])
        #expect(items.map(\.name) == ["a", "b", "c"])
    }

    private static let alphabet: [Character] = Array("abcXYZ019 -._~+&=/?#%:@!$'()*,;[]\"<>\\^`{|}éß日本😀\u{00A0}")

    @Test func builtURLsRoundTripThroughURLComponents() async {
        let pathAlphabet = Self.alphabet.filter { $0 != "/" && $0 != "?" && $0 != "#" }
        let segment = Gen<Character?>.element(of: pathAlphabet).map { $0 ?? "a" }.string(of: 0...12)
            .map { $0 == "." || $0 == ".." ? "dot" : $0 }
        let segments = segment.array(of: 1...4)
        let pairs = Gen<Character?>.element(of: Self.alphabet).map { $0 ?? "a" }.string(of: 1...8).array(of: 0...4)
        let prefixes = Gen<String?>.element(of: ["", "/prefix", "/a/b"]).map { $0 ?? "" }
        await propertyCheck(input: segments, pairs, prefixes) { segments, values, prefix in
            let path = "/" + segments.joined(separator: "/")
            let query = values.enumerated().map { URLQueryItem(name: "k\($0.offset)\($0.element)", value: $0.element) }
            let url = try builder("https://example.com" + prefix).url(path: path, query: query)
            let parsed = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
            #expect(parsed.path == prefix + "/app" + path)
            #expect((parsed.queryItems ?? []) == query)
            #expect(parsed.host == "example.com")
            #expect(!url.absoluteString.contains(" "))
        }
    }
}
