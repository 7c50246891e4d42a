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
