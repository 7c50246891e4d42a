import Foundation
import FuzzSupport
import Logging
import RonAppSdkSwift

// libFuzzer target: arbitrary bytes as an HTTP answer (status, headers, body) through the problem
// mapper, the redactor and a whole client call. Input layout (see Fuzz/README.md):
//   bytes 0-1   status, big-endian, modulo 1000
//   then        header lines "name: value" separated by "\n", up to the first blank line ("\n\n")
//   then        the body (everything after the blank line; no blank line means no headers, all body)
// Built with `-D RON_LIBFUZZER` the file exports `LLVMFuzzerTestOneInput`; otherwise it is a plain
// executable that runs the same checks on every file (or folder of files) named on the command line.

/// One decoded fuzz input.
struct ProblemInput {
    var status: Int
    var headers: [String: String]
    var body: Data

    init(_ data: Data) {
        let bytes = [UInt8](data)
        status = bytes.count >= 2 ? (Int(bytes[0]) << 8 | Int(bytes[1])) % 1000 : 500
        let rest = bytes.count >= 2 ? Array(bytes[2...]) : []
        var headers: [String: String] = [:]
        var body = rest
        if let split = ProblemInput.blankLine(in: rest) {
            let head = String(decoding: rest[..<split], as: UTF8.self)
            body = Array(rest[(split + 2)...])
            for line in head.split(separator: "\n", omittingEmptySubsequences: true) {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = String(line[..<colon])
                let value = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                headers[name] = value
            }
        }
        self.headers = headers
        self.body = Data(body)
    }

    private static func blankLine(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 2 else { return nil }
        for index in 0..<(bytes.count - 1) where bytes[index] == 0x0A && bytes[index + 1] == 0x0A {
            return index
        }
        return nil
    }
}

/// Hands the fuzz input back as the answer to any request.
struct CannedTransport: RonTransport {
    let response: TransportResponse

    func send(_ request: TransportRequest) async throws -> TransportResponse { response }
}

/// A log handler that renders every line and remembers whether one contained the client's token.
struct LeakCheckingLogHandler: LogHandler {
    let leaks: LeakFlag
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        let line = "\(event.message) " + merged.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        if line.contains(ProblemFuzz.token) { leaks.raise(line) }
    }
}

/// Set when a log line carried the token.
final class LeakFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var line: String?

    func raise(_ line: String) {
        lock.lock()
        self.line = line
        lock.unlock()
    }

    var leaked: String? {
        lock.lock()
        defer { lock.unlock() }
        return line
    }
}

/// Carries an outcome out of the task that produced it.
final class OutcomeBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (status: Int, ok: Bool, code: String?, kind: String?)?

    func set(_ value: (status: Int, ok: Bool, code: String?, kind: String?)) {
        lock.lock()
        stored = value
        lock.unlock()
    }

    var value: (status: Int, ok: Bool, code: String?, kind: String?)? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}

/// Holds the fuzz client for one call and lets go of it when the call returns.
final class ClientHolder: @unchecked Sendable {
    private var client: RonClient?
    private weak var watched: RonClient?

    init(_ client: RonClient) {
        self.client = client
        self.watched = client
    }

    /// Whether the client is gone (every reference to it released).
    var isReleased: Bool { watched == nil }

    /// Makes the call and drops the client; only small values come back.
    func callOnce() async -> (status: Int, ok: Bool, code: String?, kind: String?) {
        guard let client else { fatalError("the client was used twice") }
        self.client = nil
        let res: AppResponse<JSONValue> = await client.get("/fuzz")
        return (res.status, res.ok, res.problem?.code, res.problem?.kind)
    }
}

/// The checks run on every input. A broken invariant stops the process (libFuzzer records it).
enum ProblemFuzz {
    /// The client's token; it must never reach a log line.
    static let token = "fuzz-secret-token-7f3a"

    static func run(_ data: Data) {
        let input = ProblemInput(data)
        checkMapper(input)
        checkRedactor(input)
        checkClient(input)
    }

    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: \(message())") }
    }

    private static func checkMapper(_ input: ProblemInput) {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let problem = ProblemMapper.fromHTTP(
            status: input.status, headers: RonHeaders(input.headers), body: input.body, now: now)
        check(problem.status == input.status, "status \(String(describing: problem.status)) != \(input.status)")
        check(!problem.code.isEmpty, "empty code")
        check(!problem.message.isEmpty, "empty message")
        check((problem.retryAfterMs ?? 0) >= 0, "negative retry_after_ms")
        if problem.kind == "transport", problem.code == "http_\(input.status)", !input.body.isEmpty,
            problem.details?["body_bytes"] != nil
        {
            // A non-JSON body: the message is fixed text and never echoes the body.
            check(problem.message.hasPrefix("HTTP \(input.status) "), "unexpected message \(problem.message)")
            check(problem.details?["body_bytes"] == .integer(Int64(input.body.count)), "body_bytes wrong")
        }
        for value in input.headers.values {
            if let ms = ProblemMapper.retryAfterMs(header: value, now: now) {
                check(ms >= 0, "negative Retry-After \(ms) for \(value.debugDescription)")
            }
        }
        let decodeProblem = ProblemMapper.decodeFailure(
            type: [String: Int].self,
            error: DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "fuzz")),
            status: input.status, headers: RonHeaders(input.headers))
        check(decodeProblem.code == "decode_failed" && decodeProblem.kind == "decode", "decode problem shape")
    }

    private static func checkRedactor(_ input: ProblemInput) {
        let text = String(decoding: input.body, as: UTF8.self)
        let once = Redactor.text(text)
        check(Redactor.text(once) == once, "Redactor.text is not idempotent on \(text.debugDescription)")
        let redacted = Redactor.headers(RonHeaders(input.headers))
        for (name, value) in redacted where Redactor.isSensitiveHeader(name) {
            check(value == Redactor.placeholder, "sensitive header \(name) kept its value")
        }
        check(Redactor.headerValue(name: "Authorization", value: text) == Redactor.placeholder, "auth kept")
        // A secret query value never survives URL redaction (the value is kept free of `&`, `=`, `#`
        // and `+`, which would make a second query item rather than a value).
        let secret = String(text.unicodeScalars.filter { !"&=#+".unicodeScalars.contains($0) }.prefix(200))
        var components = URLComponents()
        components.scheme = "https"
        components.host = "node.example"
        components.path = "/app/x"
        components.queryItems = [URLQueryItem(name: "api_token", value: secret), URLQueryItem(name: "q", value: "1")]
        if let url = components.url {
            let shown = Redactor.url(url)
            let items = URLComponents(string: shown)?.queryItems ?? []
            let value = items.first { $0.name == "api_token" }?.value
            check(shown == "[unparseable URL]" || value == "REDACTED", "token query value shown in \(shown)")
        }
    }

    private static func checkClient(_ input: ProblemInput) {
        let response = TransportResponse(status: input.status, headers: RonHeaders(input.headers), body: input.body)
        let leaks = LeakFlag()
        // Made in a closure, so nothing but the holder keeps the client.
        let holder = { () -> ClientHolder in
            guard
                let client = try? RonClient(
                    config: RonConfig(
                        baseUrl: URL(string: "https://node.example"), authToken: token, debug: true,
                        transport: CannedTransport(response: response),
                        logger: Logger(label: "fuzz") { _ in LeakCheckingLogHandler(leaks: leaks) }))
            else {
                fatalError("client config rejected")
            }
            return ClientHolder(client)
        }()
        let box = OutcomeBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            box.set(await holder.callOnce())
            done.signal()
        }
        done.wait()
        // The call's task may still be tearing down; libFuzzer's leak check must not run before the
        // client (and the canned body it holds) is released. A client dropped without `close()`
        // that is never released is a leak of its own.
        let deadline = Date().addingTimeInterval(5)
        while !holder.isReleased, Date() < deadline { usleep(100) }
        check(holder.isReleased, "a client dropped without close() was not released")
        guard let outcome = box.value else { fatalError("no outcome") }
        let echoed = String(decoding: input.body, as: UTF8.self) + input.headers.map { $0.key + $0.value }.joined()
        if let line = leaks.leaked, !echoed.contains(token) {
            fatalError("the token reached a log line: \(line)")
        }
        if input.body.count > RonSDK.maxResponseBytes {
            check(outcome.code == "response_too_large", "oversized body accepted")
            return
        }
        check(outcome.status == input.status, "client status \(outcome.status) != \(input.status)")
        if (200..<300).contains(input.status) {
            check(outcome.ok == (outcome.code == nil), "ok and problem disagree")
            if !outcome.ok { check(outcome.kind == "decode", "2xx failure of kind \(outcome.kind ?? "nil")") }
        } else {
            check(!outcome.ok && outcome.code != nil, "error status without a problem")
        }
    }
}

#if RON_LIBFUZZER
    /// The libFuzzer entry point.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzProblem(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        ProblemFuzz.run(Data(bytes: start, count: count))
        return 0
    }

    /// SwiftPM links an executable target's entry point as `<module>_main`; with libFuzzer that
    /// entry point hands over to libFuzzer's driver.
    @_cdecl("fuzz_problem_main")
    public func fuzzerMain(
        _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> CInt {
        FuzzDriver.runLibFuzzer(argc: argc, argv: argv) { start, size in fuzzProblem(start, size) }
    }
#else
    /// Without libFuzzer: runs the checks on every file named on the command line (folders are walked).
    @main
    struct FuzzProblemMain {
        static func main() {
            FuzzDriver.replay(name: "fuzz-problem", arguments: Array(CommandLine.arguments.dropFirst())) {
                ProblemFuzz.run($0)
            }
        }
    }
#endif
