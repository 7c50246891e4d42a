import Foundation

/// The command line of `ron-bench`.
struct BenchOptions: Sendable {
    var sections: Set<Int> = [1, 2, 3, 4, 5, 7, 8, 9]
    var rounds = 15
    var callsPerBatch = 400
    var codecRounds = 9
    var concurrency = 32
    var loadSeconds = 60.0
    var urlSessionLoadSeconds = 20.0
    var wrkSeconds = 10.0
    /// Seconds each contestant runs at each concurrency level of section 8.
    var scalingSeconds = 5.0
    /// `--soak-minutes <m>`: section 3 also runs each transport this long for the memory figure.
    var soakMinutes = 0.0
    /// `--soak-only`: section 3 runs only the soaks (no throughput runs, no wrk).
    var soakOnly = false
    /// `--openapi-generator <path>`: a built swift-openapi-generator, the peer of sections 8 and 9.
    var openAPIGenerator: String?
    /// `--quick` was given.
    var quick = false
    var peers: [(String, String)] = []
    var output: URL?
    /// `--profile <contestant>`: only run that contestant's GET calls (for callgrind or perf).
    var profile: String?
    var profileCalls = 500
    var packageDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    var scratchDirectory: URL

    static let usage = """
        usage: swift run -c release ron-bench [options]

          --quick                 short run (rounds and load time cut) to check the suite works
          --consumer              also run section 6 (clean builds of two consumer packages; ~10 min)
          --only <1,2,...>        run only these sections (10, a 1 GiB download to a file against curl, runs
                                  only when named; RON_BENCH_DOWNLOAD_BYTES sets another size; 11, a coded
                                  body decoded by AsyncHTTPClientTransport against identity, likewise)
          --rounds <n>            rounds of the per-call and codec figures (default 15; the paired SDK/bare
                                  figure of section 1 makes twice as many)
          --load-seconds <s>      sustained-load time of the AsyncHTTPClientTransport run (default 60)
          --concurrency <n>       concurrent tasks of the sustained-load runs (default 32)
          --soak-minutes <m>      section 3 also runs each transport m minutes for the memory figure
          --soak-only             section 3 runs only the soaks (with --soak-minutes)
          --openapi-generator <p> a built swift-openapi-generator 1.14.3: generator and compile peer (8, 9)
          --peer <name>=<path>    also measure an external client program (see ExternalPeer.swift)
          --output <file>         also write the Markdown table to this file
          --profile <name>        only make <calls> GET calls with one contestant (core: the client on a
                                  transport that answers at once; decode: only the JSONDecoder a bare call
                                  runs on the same body; bare, bare-delegate, ours, plain, nio, openapi:
                                  against the gateway), for `perf record` or callgrind; --calls <n> sets how
                                  many
        """

    init(_ arguments: [String]) throws {
        // The scratch folder this binary was built in: <scratch>/<triple>/release/ron-bench.
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var scratch = executable.deletingLastPathComponent().deletingLastPathComponent()
        if scratch.lastPathComponent.contains("-") && !scratch.lastPathComponent.hasPrefix(".build") {
            scratch = scratch.deletingLastPathComponent()
        }
        scratchDirectory = scratch
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchError("\(flag) needs a value\n\n\(Self.usage)") }
            return next
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--quick":
                rounds = 5
                callsPerBatch = 150
                codecRounds = 3
                loadSeconds = 2
                urlSessionLoadSeconds = 3
                wrkSeconds = 3
                scalingSeconds = 0.5
                quick = true
            case "--consumer": sections.insert(6)
            case "--rounds":
                guard let count = Int(try value(flag)), count > 0 else { throw BenchError("bad --rounds") }
                rounds = count
            case "--soak-minutes":
                guard let minutes = Double(try value(flag)), minutes > 0 else { throw BenchError("bad --soak-minutes") }
                soakMinutes = minutes
            case "--soak-only": soakOnly = true
            case "--openapi-generator": openAPIGenerator = try value(flag)
            case "--only":
                sections = Set(try value(flag).split(separator: ",").compactMap { Int($0) })
            case "--load-seconds":
                guard let seconds = Double(try value(flag)), seconds > 0 else { throw BenchError("bad --load-seconds") }
                loadSeconds = seconds
            case "--concurrency":
                guard let count = Int(try value(flag)), count > 0 else { throw BenchError("bad --concurrency") }
                concurrency = count
            case "--peer":
                let spec = try value(flag)
                guard let equals = spec.firstIndex(of: "=") else { throw BenchError("--peer wants name=path") }
                peers.append((String(spec[..<equals]), String(spec[spec.index(after: equals)...])))
            case "--output": output = URL(fileURLWithPath: try value(flag))
            case "--profile": profile = try value(flag)
            case "--calls":
                guard let count = Int(try value(flag)), count > 0 else { throw BenchError("bad --calls") }
                profileCalls = count
            case "--help", "-h": throw BenchError(Self.usage)
            default: throw BenchError("unknown option \(flag)\n\n\(Self.usage)")
            }
        }
        if soakOnly && soakMinutes <= 0 { throw BenchError("--soak-only needs --soak-minutes <m>") }
    }
}
