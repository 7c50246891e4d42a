import Foundation
import RonAppSdkSwift
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// How the errors FoundationNetworking raises for the chaos faults are classified (the messages are
/// the ones libcurl gives on Linux, seen in ``ChaosTests``).
@Suite struct TransportClassificationTests {
    static func urlError(_ code: Int, _ message: String) -> URLError {
        URLError(URLError.Code(rawValue: code) ?? .unknown, userInfo: [NSLocalizedDescriptionKey: message])
    }

    @Test func emptyReplyIsALostConnectionLikeAReset() {
        // Server closed before answering: seen as "Empty reply" (-1011) or, a moment later, as a reset.
        let empty = TransportFailure.classify(Self.urlError(-1011, "Empty reply from server"))
        let reset = TransportFailure.classify(Self.urlError(-1005, "Recv failure: Connection reset by peer"))
        #expect(empty.cause == .connectionReset)
        #expect(reset.cause == .connectionReset)
    }

    @Test func http09AnswerIsNotValidHTTP() {
        let failure = TransportFailure.classify(Self.urlError(-1002, "Received HTTP/0.9 when not allowed"))
        #expect(failure.cause == .truncatedBody)
        #expect(failure.cause.code == "truncated_body")
    }

    @Test func codesStillWinWhenTheMessageSaysNothingMore() {
        #expect(TransportFailure.classify(Self.urlError(-1011, "bad response")).cause == .truncatedBody)
        #expect(TransportFailure.classify(Self.urlError(-1001, "Operation timed out")).cause == .timeout)
        #expect(TransportFailure.classify(Self.urlError(-1002, "unsupported URL")).cause == .other)
        #expect(
            TransportFailure.classify(Self.urlError(-1, "transfer closed with 90 bytes remaining to read")).cause
                == .truncatedBody)
    }
}
