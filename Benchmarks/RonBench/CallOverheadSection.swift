import Foundation
import OpenAPIRuntime
import OpenAPIURLSession
import RonAppSdkSwift
import RonBenchOpenAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sections 1 and 2: the time of one call through the SDK, through the bare transport and through
/// the peers, interleaved round by round against the same gateway route and payload.
final class CallOverheadSection {
    let server: BenchServer
    let options: BenchOptions
    let table: ResultTable
    /// The SDK's own per-call work measured without network, in microseconds.
    private var coreOverheadMicros = Double.nan

    init(server: BenchServer, options: BenchOptions, table: ResultTable) {
        self.server = server
        self.options = options
        self.table = table
    }

    func run() async throws {
        let body = Payloads.postBody(bytes: 16 * 1024)
        let bodyData = try JSONEncoder().encode(body)
        let bodyFile = server.folder.appendingPathComponent("post-body.json")
        try bodyData.write(to: bodyFile)
        log("per-call: GET \(BenchServer.helloPath), POST \(BenchServer.uploadPath) with \(bodyData.count) bytes")

        let clients = try Clients(server: server)
        defer { clients.close() }
        var peers: [ExternalPeer] = []
        for (name, path) in options.peers {
            peers.append(try ExternalPeer(name: name, executable: path))
        }
        defer {
            for peer in peers { peer.stop() }
        }

        let getURL = server.url(BenchServer.helloPath).absoluteString
        let postURL = server.url(BenchServer.uploadPath).absoluteString
        var get = clients.getContestants()
        var post = clients.postContestants(body: body)
        for peer in peers {
            get.append(
                CallContestant(name: peer.name) { count in
                    peer.batch("get \(getURL) \(count)") ?? CallBatch(nanoseconds: 0, failures: count)
                })
            post.append(
                CallContestant(name: peer.name) { count in
                    peer.batch("post \(postURL) \(count) \(bodyFile.path)")
                        ?? CallBatch(nanoseconds: 0, failures: count)
                })
        }
        try await measureCore()
        try await measure("GET small DTO", get, calls: options.callsPerBatch)
        try await measure("POST 16 KiB JSON", post, calls: max(options.callsPerBatch / 2, 1))
    }

    /// Makes `calls` GET calls with one contestant after 50 warm-up calls, and nothing else.
    static func profile(_ name: String, calls: Int) async throws {
        if name == "core" {
            // The client alone, on a transport that answers at once: no threads but the client's.
            let body = Data(BenchServer.helloBody.utf8)
            let canned = CannedTransport(response: TransportResponse(status: 200, body: body))
            let base = URL(fileURLWithPath: "/").deletingLastPathComponent()
            let client = try RonClient(
                config: RonConfig(
                    baseUrl: URL(string: "http://127.0.0.1:9") ?? base, allowInsecureHttp: true, transport: canned))
            let batch = await CallContestant.timed(calls) {
                let response: AppResponse<Hello> = await client.get(BenchServer.helloPath)
                return response.ok
            }
            log(
                "core: \(calls) calls, \(Double(batch.nanoseconds) / Double(calls) / 1_000) µs/call, \(batch.failures) failed"
            )
            return
        }
        if name == "decode" {
            // What a bare call does besides its transport: `JSONDecoder` on the same body, in the same
            // loop as `core`, so the difference of the two is the client's own work.
            let body = Data(BenchServer.helloBody.utf8)
            let batch = await CallContestant.timed(calls) {
                (try? JSONDecoder().decode(Hello.self, from: body)) != nil
            }
            log(
                "decode: \(calls) decodes, \(Double(batch.nanoseconds) / Double(calls) / 1_000) µs each, \(batch.failures) failed"
            )
            return
        }
        let server = try await BenchServer.start()
        let clients = try Clients(server: server)
        let names = [
            "bare": Clients.bare, "bare-delegate": Clients.bareDelegate, "ours": Clients.ours, "nio": Clients.oursNIO,
            "openapi": Clients.openAPI,
            "plain": Clients.oursPlain,
        ]
        guard let wanted = names[name], let contestant = clients.getContestants().first(where: { $0.name == wanted })
        else {
            throw BenchError("--profile wants one of \(names.keys.sorted().joined(separator: ", "))")
        }
        _ = await contestant.run(50)
        let cpuStart = CPUTime.microseconds()
        let batch = await contestant.run(calls)
        let cpu = Double(CPUTime.microseconds() - cpuStart) / Double(calls)
        log("\(wanted): process CPU \(Format.fixed(cpu, 1)) µs/call (client and gateway together)")
        log(
            "\(wanted): \(calls) calls, \(Double(batch.nanoseconds) / Double(calls) / 1_000) µs/call, \(batch.failures) failed"
        )
        clients.close()
        await server.stop()
    }

    /// The SDK's own cost of one GET: the client on a transport that answers at once, against
    /// decoding the same body with a `JSONDecoder` (all a bare call does besides the transport).
    private func measureCore() async throws {
        let body = Data(BenchServer.helloBody.utf8)
        let canned = CannedTransport(
            response: TransportResponse(status: 200, headers: ["content-type": "application/json"], body: body))
        let client = try RonClient(config: RonConfig(baseUrl: server.base, allowInsecureHttp: true, transport: canned))
        defer { client.close() }
        let calls = 2_000
        var sdk = Samples()
        var bare = Samples()
        for _ in 0..<options.rounds {
            let sdkBatch = await CallContestant.timed(calls) {
                let response: AppResponse<Hello> = await client.get(BenchServer.helloPath)
                return response.ok
            }
            let bareBatch = await CallContestant.timed(calls) {
                (try? JSONDecoder().decode(Hello.self, from: body)) != nil
            }
            sdk.add(Double(sdkBatch.nanoseconds) / Double(calls) / 1_000)
            bare.add(Double(bareBatch.nanoseconds) / Double(calls) / 1_000)
        }
        coreOverheadMicros = sdk.median - bare.median
        table.add(
            ResultRow(
                section: "1", measure: "GET small DTO: SDK's own work per call, no network (µs): SDK − JSONDecoder",
                value: Format.fixed(sdk.median - bare.median, 1),
                spread: "SDK \(sdk.spread(1)), decode \(bare.spread(1))", target: "", pass: nil))
        try await measureGeneratedCall(client: client, calls: calls)
    }

    /// A generated call (`client.getHello()`) against the hand-written `client.get("/hello")` it is
    /// built on, on the same canned transport, interleaved round by round (which goes first alternates).
    private func measureGeneratedCall(client: RonClient, calls: Int) async throws {
        var ratios = Samples()
        for round in 0..<options.rounds {
            var generated = CallBatch(nanoseconds: 0, failures: 0)
            var handWritten = CallBatch(nanoseconds: 0, failures: 0)
            for turn in 0..<2 {
                if (round + turn) % 2 == 0 {
                    generated = await CallContestant.timed(calls) { await client.getHello().ok }
                } else {
                    handWritten = await CallContestant.timed(calls) {
                        let response: AppResponse<Hello> = await client.get("/hello")
                        return response.ok
                    }
                }
            }
            if generated.failures > 0 || handWritten.failures > 0 {
                throw BenchError("the generated or the hand-written GET failed on the canned transport")
            }
            ratios.add(Double(generated.nanoseconds) / Double(handWritten.nanoseconds))
        }
        table.add(
            ResultRow(
                section: "1", measure: "GET small DTO: generated client.getHello() / client.get, no network",
                value: Format.fixed(ratios.median, 3), spread: ratios.spread(3), target: "≤ 1.01",
                pass: ratios.median <= 1.01))
    }

    /// The SDK against the bare call alone, the way the question is asked: batches of the two back to
    /// back, which goes first alternating, twice as many rounds of half the calls as the rotation of
    /// all contestants. Each round's ratio compares two batches a few hundred milliseconds apart, so
    /// the loopback's drift over a run (other contestants' batches in between) stays out of it.
    private func pairedRatios(_ ours: CallContestant, _ bare: CallContestant, label: String, calls: Int)
        async throws -> Samples
    {
        var ratios = Samples()
        let half = max(calls / 2, 1)
        for round in 0..<(options.rounds * 2) {
            var times: [String: UInt64] = [:]
            for contestant in round % 2 == 0 ? [ours, bare] : [bare, ours] {
                let batch = await contestant.run(half)
                if batch.failures > 0 {
                    throw BenchError("\(contestant.name) failed \(batch.failures) of \(half) calls of \(label)")
                }
                times[contestant.name] = batch.nanoseconds
            }
            if let mine = times[ours.name], let theirs = times[bare.name], theirs > 0 {
                ratios.add(Double(mine) / Double(theirs))
            }
        }
        return ratios
    }

    private func measure(_ label: String, _ contestants: [CallContestant], calls: Int) async throws {
        // Warm every contestant up (connections, caches) before timing.
        for contestant in contestants {
            let warm = await contestant.run(max(calls / 4, 20))
            if warm.failures > 0 {
                throw BenchError("\(contestant.name) failed \(warm.failures) warm-up calls of \(label)")
            }
        }
        var perCall: [String: Samples] = [:]
        var ratios: [String: Samples] = [:]
        for round in 0..<options.rounds {
            var times: [String: Double] = [:]
            for offset in 0..<contestants.count {
                let contestant = contestants[(round + offset) % contestants.count]
                let batch = await contestant.run(calls)
                if batch.failures > 0 {
                    throw BenchError("\(contestant.name) failed \(batch.failures) of \(calls) calls of \(label)")
                }
                let micros = Double(batch.nanoseconds) / Double(calls) / 1_000
                times[contestant.name] = micros
                perCall[contestant.name, default: Samples()].add(micros)
            }
            for contestant in contestants where contestant.name != Clients.ours {
                if let ours = times[Clients.ours], let other = times[contestant.name] {
                    ratios[contestant.name, default: Samples()].add(ours / other)
                }
            }
            if let nio = times[Clients.oursNIO], let bare = times[Clients.bare] {
                ratios["nio-vs-bare", default: Samples()].add(nio / bare)
            }
            if let plain = times[Clients.oursPlain], let bare = times[Clients.bare] {
                ratios["plain-vs-bare", default: Samples()].add(plain / bare)
            }
        }
        for contestant in contestants {
            let samples = perCall[contestant.name] ?? Samples()
            table.add(
                ResultRow(
                    section: "1-2", measure: "\(label): µs/call, \(contestant.name)",
                    value: Format.fixed(samples.median, 1), spread: samples.spread(1), target: "", pass: nil))
        }
        if let overhead = ratios[Clients.bare] {
            table.add(
                ResultRow(
                    section: "1", measure: "\(label): SDK / a bare data(for:) call, in the rotation of all contestants",
                    value: Format.fixed(overhead.median, 3), spread: overhead.spread(3), target: "", pass: nil))
        }
        if let ours = contestants.first(where: { $0.name == Clients.ours }),
            let bare = contestants.first(where: { $0.name == Clients.bare })
        {
            let paired = try await pairedRatios(ours, bare, label: label, calls: calls)
            table.add(
                ResultRow(
                    section: "1", measure: "\(label): SDK / a bare data(for:) call",
                    value: Format.fixed(paired.median, 3), spread: paired.spread(3), target: "≤ 1.02",
                    pass: paired.median <= 1.02))
        }
        if let delegate = ratios[Clients.bareDelegate] {
            table.add(
                ResultRow(
                    section: "1", measure: "\(label): SDK / bare URLSession with a delegate (reference)",
                    value: Format.fixed(delegate.median, 3), spread: delegate.spread(3), target: "", pass: nil))
        }
        if label.hasPrefix("GET"), let bare = perCall[Clients.bare], coreOverheadMicros.isFinite {
            let ratio = (bare.median + coreOverheadMicros) / bare.median
            table.add(
                ResultRow(
                    section: "1",
                    measure: "\(label): (bare call + SDK's own work) / bare call, from the no-network figure",
                    value: Format.fixed(ratio, 3), spread: "", target: "≤ 1.02", pass: ratio <= 1.02))
        }
        let diagnostic: Set<String> = [
            Clients.ours, Clients.bare, Clients.bareDelegate, Clients.oursNIO, Clients.oursPlain,
        ]
        for contestant in contestants where !diagnostic.contains(contestant.name) {
            guard let samples = ratios[contestant.name] else { continue }
            table.add(
                ResultRow(
                    section: "2", measure: "\(label): SDK / \(contestant.name)", value: Format.fixed(samples.median, 3),
                    spread: samples.spread(3), target: "≤ 1.00", pass: samples.median <= 1.0))
        }
        if let plain = ratios["plain-vs-bare"] {
            table.add(
                ResultRow(
                    section: "1",
                    measure: "\(label): SDK on a data(for:) transport / a bare data(for:) call (diagnostic)",
                    value: Format.fixed(plain.median, 3), spread: plain.spread(3), target: "", pass: nil))
        }
        if let nio = ratios["nio-vs-bare"] {
            table.add(
                ResultRow(
                    section: "1", measure: "\(label): SDK on AsyncHTTPClientTransport / a bare data(for:) call",
                    value: Format.fixed(nio.median, 3), spread: nio.spread(3), target: "", pass: nil))
        }
    }
}

/// The in-process clients of the per-call figures.
struct Clients: Sendable {
    static let ours = "RonClient"
    /// The baseline: `URLSession(configuration: .ephemeral).data(for:)` and a `JSONDecoder`.
    static let bare = "bare URLSession data(for:)"
    /// A second bare reference: a `URLSession` with a data delegate (see ``DelegateURLSessionBaseline``).
    static let bareDelegate = "bare URLSession with a delegate"
    static let oursNIO = "RonClient+AsyncHTTPClient"
    static let openAPI = "swift-openapi-generator"
    /// The SDK on a delegate-less `URLSession.data(for:)` transport (diagnostic).
    static let oursPlain = "RonClient+data(for:)"

    let server: BenchServer
    let client: RonClient
    /// The SDK on `AsyncHTTPClientTransport` (only with the `AsyncHTTPClient` trait).
    let nioClient: RonClient?
    let nioShutdown: (@Sendable () async -> Void)?
    let plainClient: RonClient
    let plain: PlainURLSessionTransport
    let session: URLSession
    let delegateSession: DelegateURLSessionBaseline
    let openAPIClient: RonBenchOpenAPI.Client

    init(server: BenchServer) throws {
        self.server = server
        client = try RonClient(config: RonConfig(baseUrl: server.base, allowInsecureHttp: true))
        let serverTransport = ServerTransport.make()
        nioShutdown = serverTransport?.shutdown
        nioClient = try serverTransport.map {
            try RonClient(config: RonConfig(baseUrl: server.base, allowInsecureHttp: true, transport: $0.transport))
        }
        session = URLSession(configuration: .ephemeral)
        delegateSession = DelegateURLSessionBaseline()
        plain = PlainURLSessionTransport()
        plainClient = try RonClient(config: RonConfig(baseUrl: server.base, allowInsecureHttp: true, transport: plain))
        openAPIClient = RonBenchOpenAPI.Client(
            serverURL: server.base, configuration: Configuration(dateTranscoder: .iso8601),
            transport: OpenAPIURLSession.URLSessionTransport())
    }

    func close() {
        client.close()
        nioClient?.close()
        session.invalidateAndCancel()
        delegateSession.invalidate()
        plainClient.close()
        plain.invalidate()
        if let nioShutdown { Task { await nioShutdown() } }
    }

    func getContestants() -> [CallContestant] {
        let client = self.client
        let nioClient = self.nioClient
        let plainClient = self.plainClient
        let session = self.session
        let openAPIClient = self.openAPIClient
        let delegateSession = self.delegateSession
        var request = URLRequest(url: server.url(BenchServer.helloPath))
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let bareRequest = request
        var contestants = [
            CallContestant(name: Self.bare) { count in
                await CallContestant.timed(count) {
                    guard let (data, response) = try? await session.data(for: bareRequest),
                        (response as? HTTPURLResponse)?.statusCode == 200
                    else { return false }
                    return (try? JSONDecoder().decode(Hello.self, from: data)) != nil
                }
            },
            CallContestant(name: Self.bareDelegate) { count in
                await CallContestant.timed(count) {
                    guard let (status, data) = try? await delegateSession.data(for: bareRequest), status == 200
                    else { return false }
                    return (try? JSONDecoder().decode(Hello.self, from: data)) != nil
                }
            },
            CallContestant(name: Self.ours) { count in
                await CallContestant.timed(count) {
                    let response: AppResponse<Hello> = await client.get(BenchServer.helloPath)
                    return response.ok
                }
            },
            CallContestant(name: Self.oursPlain) { count in
                await CallContestant.timed(count) {
                    let response: AppResponse<Hello> = await plainClient.get(BenchServer.helloPath)
                    return response.ok
                }
            },
            CallContestant(name: Self.openAPI) { count in
                await CallContestant.timed(count) {
                    guard let output = try? await openAPIClient.getBenchHello(),
                        case .ok(let ok) = output, (try? ok.body.json) != nil
                    else { return false }
                    return true
                }
            },
        ]
        if let nioClient {
            contestants.append(
                CallContestant(name: Self.oursNIO) { count in
                    await CallContestant.timed(count) {
                        let response: AppResponse<Hello> = await nioClient.get(BenchServer.helloPath)
                        return response.ok
                    }
                })
        }
        return contestants
    }

    func postContestants(body: ItemPage) -> [CallContestant] {
        let client = self.client
        let nioClient = self.nioClient
        let session = self.session
        let delegateSession = self.delegateSession
        let openAPIClient = self.openAPIClient
        let openAPIBody = (try? JSONEncoder().encode(body)).flatMap {
            try? OpenAPICoders.decoder().decode(Components.Schemas.ItemPage.self, from: $0)
        }
        var request = URLRequest(url: server.url(BenchServer.uploadPath))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let bareRequest = request
        var contestants = [
            CallContestant(name: Self.bare) { count in
                await CallContestant.timed(count) {
                    guard let data = try? JSONEncoder().encode(body) else { return false }
                    var request = bareRequest
                    request.httpBody = data
                    guard let (_, response) = try? await session.data(for: request) else { return false }
                    return (response as? HTTPURLResponse)?.statusCode == 204
                }
            },
            CallContestant(name: Self.bareDelegate) { count in
                await CallContestant.timed(count) {
                    guard let data = try? JSONEncoder().encode(body) else { return false }
                    var request = bareRequest
                    request.httpBody = data
                    return (try? await delegateSession.data(for: request))?.status == 204
                }
            },
            CallContestant(name: Self.ours) { count in
                await CallContestant.timed(count) {
                    let response: AppResponse<EmptyBody> = await client.post(BenchServer.uploadPath, body: body)
                    return response.ok
                }
            },
            CallContestant(name: Self.openAPI) { count in
                await CallContestant.timed(count) {
                    guard let openAPIBody,
                        let output = try? await openAPIClient.upload(body: .json(openAPIBody)),
                        case .noContent = output
                    else { return false }
                    return true
                }
            },
        ]
        if let nioClient {
            contestants.append(
                CallContestant(name: Self.oursNIO) { count in
                    await CallContestant.timed(count) {
                        let response: AppResponse<EmptyBody> = await nioClient.post(BenchServer.uploadPath, body: body)
                        return response.ok
                    }
                })
        }
        return contestants
    }
}

/// A benchmark that could not be measured.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
