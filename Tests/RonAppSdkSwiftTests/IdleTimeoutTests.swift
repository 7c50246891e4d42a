import Foundation
import Testing

@testable import RonAppSdkSwift

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The idle timeout of the `URLSession` transports (their own clock, `IdleWatchdog`), over real
/// loopback HTTP: a silent call ends with `timeout`, a call that keeps moving does not, and a
/// cancellation that meets the idle timeout ends the call one way or the other.
@Suite struct IdleTimeoutTests {
    private static func request(_ server: LoopbackServer, path: String, idleMs: Int) -> TransportRequest {
        TransportRequest(
            method: "GET", url: server.baseURL.appendingPathComponent(path), timeoutMs: 60_000,
            readTimeoutMs: idleMs, writeTimeoutMs: idleMs)
    }

    @Test func aSilentCallEndsWithTheIdleTimeout() async throws {
        let server = try LoopbackServer { _ in .delay(milliseconds: 3_000, then: .text(200, "late")) }
        defer { server.stop() }
        let transport = URLSessionTransport()
        defer { transport.invalidate() }
        let clock = ContinuousClock()
        let start = clock.now
        let failure = await #expect(throws: TransportFailure.self) {
            _ = try await transport.send(Self.request(server, path: "/silent", idleMs: 300))
        }
        let elapsed = clock.now - start
        #expect(failure?.cause == .timeout)
        #expect(failure?.detail.contains("300 ms") == true)
        #expect(elapsed >= .milliseconds(290))
        #expect(elapsed < .milliseconds(2_500))
    }

    @Test func aCallThatKeepsSendingOutlastsItsIdleTimeout() async throws {
        // Five chunks 150 ms apart: 600 ms in all, never 400 ms without a byte.
        let server = try LoopbackServer { _ in
            .stream(status: 200, headers: ["Content-Type": "text/plain"]) { writer in
                for index in 0..<5 {
                    if index > 0 { Thread.sleep(forTimeInterval: 0.15) }
                    writer.send("chunk \(index);")
                }
            }
        }
        defer { server.stop() }
        let transport = URLSessionTransport()
        defer { transport.invalidate() }
        let response = try await transport.send(Self.request(server, path: "/drip", idleMs: 400))
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "chunk 0;chunk 1;chunk 2;chunk 3;chunk 4;")
    }

    @Test func aStreamThatFallsSilentEndsWithTheIdleTimeout() async throws {
        let server = try LoopbackServer { _ in
            .stream(status: 200, headers: ["Content-Type": "text/event-stream"]) { writer in
                writer.send("data: one\n\n")
                Thread.sleep(forTimeInterval: 3)
            }
        }
        defer { server.stop() }
        let clock = ContinuousClock()
        let start = clock.now
        let stream = try await URLSessionStreamingTransport().stream(Self.request(server, path: "/events", idleMs: 300))
        #expect(stream.status == 200)
        var received = Data()
        let failure = await #expect(throws: TransportFailure.self) {
            for try await chunk in stream.body { received.append(chunk) }
        }
        #expect(String(decoding: received, as: UTF8.self) == "data: one\n\n")
        #expect(failure?.cause == .timeout)
        #expect(clock.now - start < .milliseconds(2_500))
    }

    /// The overall timeout or a cancelled Swift task often reaches a call just as its idle timeout
    /// does. Every such call must end, as a timeout or as a cancellation, and the process must live
    /// on (FoundationNetworking stopped it when its own idle timer ended a task that a cancellation
    /// had just reached).
    @Test func cancellationsThatMeetTheIdleTimeoutEndEveryCall() async throws {
        let server = try LoopbackServer { _ in .delay(milliseconds: 2_000, then: .text(200, "late")) }
        defer { server.stop() }
        let transport = URLSessionTransport()
        defer { transport.invalidate() }
        let clock = ContinuousClock()
        let start = clock.now
        let causes = try await withThrowingTaskGroup(of: TransportFailure.Cause?.self) { group in
            var causes: [TransportFailure.Cause?] = []
            for index in 0..<120 {
                group.addTask {
                    let call = Task { try await transport.send(Self.request(server, path: "/c\(index)", idleMs: 60)) }
                    // Around the idle timeout: from 50 to 70 ms.
                    try await Task.sleep(for: .milliseconds(50 + index % 21))
                    call.cancel()
                    do {
                        _ = try await call.value
                        return nil
                    } catch let failure as TransportFailure {
                        return failure.cause
                    }
                }
                // Eight at a time.
                if index >= 7, let cause = try await group.next() { causes.append(cause) }
            }
            for try await cause in group { causes.append(cause) }
            return causes
        }
        #expect(causes.count == 120)
        #expect(causes.allSatisfy { $0 == .timeout || $0 == .cancelled })
        #expect(clock.now - start < .seconds(30))
    }
}
