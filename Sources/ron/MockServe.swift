import ArgumentParser
import Foundation
import RonMock

/// `ron serve --schema DIR [--fixtures DIR]`: the mock of a user's own operations (`RonMock`, as
/// `ron-mock` runs it) in the foreground until interrupted, accepting `credentials` where
/// the operations' security requirements ask for them, with `faults` added to the answers, keeping
/// the `state` requests change (unless stateless), or forwarding every request to a real server
/// through `proxy` (its exchanges judged by the description).
enum MockServe {
    static func run(
        schema: String, fixtures: String?, host: String, port: Int, maxBody: Int, quiet: Bool,
        credentials: MockCredentials, faults: MockFaults = MockFaults(),
        state: MockStateConfiguration = MockStateConfiguration(), proxy: MockProxy? = nil
    ) async throws {
        let source: MockSource
        do {
            source = try MockSource(
                schemaDirectory: URL(fileURLWithPath: schema),
                fixturesDirectory: fixtures.map(URL.init(fileURLWithPath:)), credentials: credentials, state: state,
                onReload: { result in
                    guard !quiet else { return }
                    CLIOutput.error(MockSource.reloadLine(result))
                })
        } catch let error as MockAPI.LoadError {
            throw ValidationError(error.description)
        }
        let api = source.current
        for result in api.fixtureProblems {
            for problem in result.problems {
                let at = problem.pointer.isEmpty ? "" : " at \(problem.pointer)"
                CLIOutput.error("warning: \(result.file) (\(result.typeName))\(at): \(problem.message)")
            }
        }
        for name in api.unknownCredentialNames {
            CLIOutput.error("warning: a credential is given for '\(name)', no security scheme of the schema")
        }
        for name in faults.unknownOperations(in: api) {
            CLIOutput.error("warning: faults are given for '\(name)', no operation of the schema")
        }
        if !faults.isEmpty, !quiet { CLIOutput.error("faults: \(faults)") }
        if let proxy, !quiet { CLIOutput.error(proxy.description) }
        // Watched before the address is printed: a script may stop the server as soon as it reads it.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stops, stop) = AsyncStream<Void>.makeStream()
        let watch = SignalWatch([SIGINT, SIGTERM]) { stop.yield() }
        defer { watch.cancel() }
        let server = MockServer(
            source: source,
            configuration: .init(host: host, port: port, maxBodyBytes: maxBody, faults: faults, proxy: proxy),
            log: { request, response in
                guard !quiet else { return }
                CLIOutput.error("\(request.method) \(source.loggedTarget(of: request)) -> \(response.logDescription)")
            })
        let url: URL
        do {
            url = try server.start()
        } catch {
            CLIOutput.fail("\(error)")
        }
        print("listening on \(url.absoluteString)")
        for line in api.routeDescriptions + api.tokenEndpointDescriptions + api.stateEndpointDescriptions {
            print("  \(line)")
        }
        print("Press Ctrl-C to stop.")
        fflush(nil)
        for await _ in stops { break }
        server.stop()
        print("stopped")
        fflush(nil)
    }
}
