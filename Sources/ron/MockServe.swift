import ArgumentParser
import Foundation
import RonMock

/// `ron serve --schema DIR [--fixtures DIR]`: the mock of a user's own operations (`RonMock`, as
/// `ron-codegen mock` runs it) in the foreground until interrupted, accepting `credentials` where
/// the operations' security requirements ask for them.
enum MockServe {
    static func run(
        schema: String, fixtures: String?, host: String, port: Int, maxBody: Int, quiet: Bool,
        credentials: MockCredentials
    ) async throws {
        let source: MockSource
        do {
            source = try MockSource(
                schemaDirectory: URL(fileURLWithPath: schema),
                fixturesDirectory: fixtures.map(URL.init(fileURLWithPath:)), credentials: credentials,
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
        // Watched before the address is printed: a script may stop the server as soon as it reads it.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stops, stop) = AsyncStream<Void>.makeStream()
        let watch = SignalWatch([SIGINT, SIGTERM]) { stop.yield() }
        defer { watch.cancel() }
        let server = MockServer(
            source: source, configuration: .init(host: host, port: port, maxBodyBytes: maxBody),
            log: { request, response in
                guard !quiet else { return }
                let origin = response.header("X-Ron-Mock-Source").map { " (\($0))" } ?? ""
                CLIOutput.error("\(request.method) \(source.loggedTarget(of: request)) -> \(response.status)\(origin)")
            })
        let url: URL
        do {
            url = try server.start()
        } catch {
            CLIOutput.fail("\(error)")
        }
        print("listening on \(url.absoluteString)")
        for line in api.routeDescriptions + api.tokenEndpointDescriptions { print("  \(line)") }
        print("Press Ctrl-C to stop.")
        fflush(nil)
        for await _ in stops { break }
        server.stop()
        print("stopped")
        fflush(nil)
    }
}
