import Foundation
import Testing

@testable import RonAppSdkSwift

/// What generated calls hand to the SDK (`GeneratedCallSupport.swift`): their headers merged with
/// the caller's, and the choice among several documented answers.
@Suite struct GeneratedCallSupportTests {
    @Test func theCallersHeadersWinInAnyCase() {
        let typed = ["Accept": "application/json", "X-Trace": "typed", "If-Match": "\"v1\""]
        let merged = AppRequest.mergingHeaders(typed, with: ["accept": "text/plain", "X-Extra": "1"])
        #expect(merged == ["accept": "text/plain", "X-Trace": "typed", "If-Match": "\"v1\"", "X-Extra": "1"])
        #expect(AppRequest.mergingHeaders(typed, with: [:]) == typed)
        #expect(AppRequest.mergingHeaders([:], with: ["X-Extra": "1"]) == ["X-Extra": "1"])
    }

    /// The answers of an operation documented as a JSON 200 or an empty 202.
    private enum Answer: Equatable {
        case json([String])
        case accepted
    }

    private func pick(_ status: String, _ media: String, _ body: Data) throws -> Answer? {
        switch (status, media) {
        case ("200", "application/json"): return .json(try JSONDecoder().decode([String].self, from: body))
        case ("202", _): return .accepted
        default: return nil
        }
    }

    @Test func aDocumentedAnswerIsChosenByStatusAndMediaType() {
        var answer = AppResponse<Data>(
            status: 200, headers: ["Content-Type": "Application/JSON; charset=utf-8"], data: Data(#"["a"]"#.utf8),
            raw: Data(#"["a"]"#.utf8), durationMs: 7)
        answer.cache = RonCacheInfo(source: .hit, ageSeconds: 3)
        let chosen = answer.decodingAlternatives(pick)
        #expect(chosen.ok)
        #expect(chosen.data == .json(["a"]))
        #expect(chosen.raw == Data(#"["a"]"#.utf8))
        #expect(chosen.durationMs == 7)
        #expect(chosen.cache == RonCacheInfo(source: .hit, ageSeconds: 3))
        #expect(AppResponse<Data>(status: 202).decodingAlternatives(pick).data == .accepted)
    }

    @Test func anUndocumentedOrUndecodableAnswerIsADecodeProblem() {
        let other = AppResponse<Data>(status: 200, headers: ["Content-Type": "text/csv"], data: Data("a,b".utf8))
            .decodingAlternatives(pick)
        #expect(!other.ok)
        #expect(other.data == nil)
        #expect(other.problem?.code == "decode_failed")
        #expect(other.problem?.kind == "decode")
        #expect(other.problem?.message.contains("status 200, text/csv") == true)

        let broken = AppResponse<Data>(
            status: 200, headers: ["Content-Type": "application/json"], data: Data("{".utf8), raw: Data("{".utf8)
        ).decodingAlternatives(pick)
        #expect(broken.problem?.code == "decode_failed")
        #expect(broken.raw == Data("{".utf8))

        let bare = AppResponse<Data>(status: 201).decodingAlternatives(pick)
        #expect(bare.problem?.message.contains("status 201, no content type") == true)
    }

    /// The list generated code passes: `"<status> <media type>"`, tried in order.
    private static let answers = ["200 application/json", "200 image/*", "2XX text/plain", "202 */*"]

    private func make(_ index: Int, _ body: Data) throws -> String? {
        switch index {
        case 0: return try JSONDecoder().decode([String].self, from: body).joined()
        case 1: return "image \(body.count)"
        case 2: return "text " + String(decoding: body, as: UTF8.self)
        case 3: return "accepted"
        default: return nil
        }
    }

    private func listed(_ status: Int, _ contentType: String?, _ body: String) -> AppResponse<String> {
        AppResponse<Data>(
            status: status, headers: contentType.map { ["Content-Type": $0] } ?? [:], data: Data(body.utf8),
            raw: Data(body.utf8)
        ).decodingAlternatives(Self.answers, make)
    }

    @Test func aListedAnswerIsChosenByStatusThenMediaTypeInOrder() {
        #expect(listed(200, "Application/JSON; charset=utf-8", #"["a","b"]"#).data == "ab")
        #expect(listed(200, "image/png", "png").data == "image 3")
        // `2XX` is any status; the first pattern that matches wins (text/plain at 200 is the third).
        #expect(listed(201, "text/plain", "hi").data == "text hi")
        #expect(listed(200, "text/plain; charset=utf-8", "hi").data == "text hi")
        // `*/*` is any media type, none included.
        #expect(listed(202, nil, "").data == "accepted")
        #expect(listed(202, "application/xml", "<a/>").data == "accepted")
        // `image/*` is not `imagefoo/…`; a status not listed is not chosen.
        for (status, media) in [(200, "imagery/png"), (201, "image/png"), (204, "application/json")] {
            let answer = listed(status, media, "x")
            #expect(answer.problem?.code == "decode_failed", "\(status) \(media)")
            #expect(answer.raw == Data("x".utf8))
        }
        // The first match decides, even when its body does not decode.
        let broken = listed(200, "application/json", "{")
        #expect(broken.problem?.code == "decode_failed")
        #expect(broken.problem?.message.contains("status 200, application/json") == true)
        // A failure is passed on.
        let problem = RonProblem(code: "gone", message: "gone", kind: "http", status: 410, retryable: false)
        let failed = AppResponse<Data>(status: 410, problem: problem).decodingAlternatives(Self.answers, make)
        #expect(failed.problem == problem)
    }

    @Test func aPatternWithoutAMediaTypeIsAnyMediaType() {
        #expect(AppResponse<Data>.answer("204", matches: "204", ""))
        #expect(AppResponse<Data>.answer("2xx */*", matches: "299", "text/html"))
        #expect(!AppResponse<Data>.answer("204", matches: "200", ""))
        #expect(!AppResponse<Data>.answer("200 application/json", matches: "200", "application/jsonx"))
    }

    @Test func aFailureIsPassedOnWithItsProblem() {
        let problem = RonProblem(
            code: "not_found", message: "no such gadget", kind: "http", status: 404, retryable: false)
        let failed = AppResponse<Data>(status: 404, raw: Data("{}".utf8), problem: problem).decodingAlternatives(pick)
        #expect(failed.status == 404)
        #expect(failed.problem == problem)
        #expect(failed.raw == Data("{}".utf8))
        #expect(failed.data == nil)
    }

    @Test func aPathSegmentOfItsOwnIsNeitherEmptyNorADotSegment() {
        for bad in ["", ".", ".."] {
            let problem = RonPath.segmentProblem(bad, parameter: "gadget_id")
            #expect(problem?.code == "invalid_path_parameter")
            #expect(problem?.kind == "local")
            #expect(problem?.message.contains("'gadget_id'") == true)
        }
        for good in ["...", "a", ".a", "a/b", " "] {
            #expect(RonPath.segmentProblem(good, parameter: "gadget_id") == nil)
        }
    }
}
