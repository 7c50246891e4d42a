#if AsyncHTTPClient
    import Foundation
    import RonAppSdkSwift
    import RonTestSupport
    import Testing

    /// A streamed body over `AsyncHTTPClientTransport` against a loopback server that writes an
    /// endless body as fast as the connection takes it: a reader that pauses holds the server back,
    /// and a reader that lets the stream go, or whose task is cancelled, closes the connection.
    @Suite("AsyncHTTPClientTransport streamed bodies") struct AsyncHTTPClientStreamTests {
        /// What the server wrote, and whether it saw the client close.
        typealias Endless = EndlessBody

        static func client(_ server: LoopbackServer) throws -> (RonClient, AsyncHTTPClientTransport) {
            let transport = AsyncHTTPClientTransport()
            let client = try RonClient(
                config: RonConfig(baseUrl: server.baseURL, allowInsecureHttp: true, transport: transport))
            return (client, transport)
        }

        /// Reads two chunks, pauses, reads two more, then lets the stream go.
        static func readPauseAndLeave(_ client: RonClient, paused: Endless) async throws -> (Int, Int) {
            let streamed = try await client.stream(AppRequest(path: RonPath.server("") + "/endless"))
            var iterator = streamed.body.makeAsyncIterator()
            var read = 0
            for _ in 0..<2 { read += try await iterator.next()?.count ?? 0 }
            try await Task.sleep(for: .milliseconds(500))
            let held = paused.written
            for _ in 0..<2 { read += try await iterator.next()?.count ?? 0 }
            return (held, read)
        }

        @Test func aPausedReaderHoldsTheServerBackAndALeavingOneClosesTheConnection() async throws {
            let endless = Endless()
            let server = try endless.server()
            defer { server.stop() }
            let (client, transport) = try Self.client(server)
            defer { client.close() }
            let (held, read) = try await Self.readPauseAndLeave(client, paused: endless)
            // While the reader paused, the server wrote what the sockets and the client's few
            // buffered chunks take (a few MiB), not what 500 ms of loopback carries (hundreds).
            #expect(held < 32 << 20, "the server wrote \(held) bytes to a reader that paused")
            #expect(read > 0)
            // The stream is gone: the client closes the connection, the server's writes fail.
            #expect(await endless.ended.wait(for: 1, timeoutMs: 10_000) == [true])
            #expect(endless.written < 4 << 30)
            try await transport.shutdown()
        }

        @Test func cancellingTheReadersTaskEndsTheBodyAsCancelledAndClosesTheConnection() async throws {
            let endless = Endless()
            let server = try endless.server()
            defer { server.stop() }
            let (client, transport) = try Self.client(server)
            defer { client.close() }
            let started = Collector<Bool>()
            let reader = Task { () async throws -> Int in
                let streamed = try await client.stream(AppRequest(path: RonPath.server("") + "/endless"))
                var read = 0
                for try await chunk in streamed.body {
                    read += chunk.count
                    if started.values.isEmpty { started.append(true) }
                }
                return read
            }
            _ = await started.wait(for: 1, timeoutMs: 10_000)
            reader.cancel()
            do {
                let read = try await reader.value
                Issue.record("the body ended without an error after \(read) bytes")
            } catch {
                #expect((error as? RonProblem)?.code == "cancelled", "\(error)")
            }
            #expect(await endless.ended.wait(for: 1, timeoutMs: 10_000) == [true])
            try await transport.shutdown()
        }
    }
#endif
