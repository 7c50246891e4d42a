import Foundation

/// `ron-bench`: the SDK's benchmark suite. See BENCHMARKS.md.
@main
enum RonBench {
    /// Runs the suite in a task while the main thread waits on a semaphore.
    ///
    /// Not an `async` main: on Linux that parks the main thread in `sigsuspend`, and valgrind
    /// (3.19 and 3.24) dies as the first worker thread is created under it, so instruction counts
    /// (`--profile` under callgrind) could not be taken.
    static func main() {
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            await runMain()
            done.signal()
        }
        done.wait()
    }

    private static func runMain() async {
        let options: BenchOptions
        do {
            options = try BenchOptions(Array(CommandLine.arguments.dropFirst()))
        } catch {
            log("\(error)")
            exit(64)
        }
        if let name = options.profile {
            do {
                try await CallOverheadSection.profile(name, calls: options.profileCalls)
                exit(0)
            } catch {
                log("error: \(error)")
                exit(1)
            }
        }
        let table = ResultTable()
        let start = Clock.now()
        do {
            try await run(options, table)
        } catch {
            log("error: \(error)")
            table.note("aborted: \(error)")
        }
        let minutes = Double(Clock.now() - start) / 60e9
        let header = """
            ron-bench \(ISO8601DateFormatter().string(from: Date())), \(ProcessInfo.processInfo.activeProcessorCount) cores, \
            \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GiB, sections \(options.sections.sorted()), \
            \(Format.fixed(minutes, 1)) min

            """
        let markdown = header + table.markdown()
        print(markdown)
        if let output = options.output {
            try? Data(markdown.utf8).write(to: output)
        }
    }

    private static func run(_ options: BenchOptions, _ table: ResultTable) async throws {
        let network = !options.sections.isDisjoint(with: [1, 2, 3, 8])
        let server = network ? try await BenchServer.start() : nil
        do {
            if let server, !options.sections.isDisjoint(with: [1, 2]) {
                log("== 1-2 per-call overhead")
                try await CallOverheadSection(server: server, options: options, table: table).run()
            }
            if let server, options.sections.contains(3) {
                log("== 3 sustained load")
                try await LoadSection(server: server, options: options, table: table).run()
            }
            if let server, options.sections.contains(8) {
                log("== 8 how cost grows")
                try await ScalingSection(server: server, options: options, table: table).run()
            }
        } catch {
            await server?.stop()
            throw error
        }
        await server?.stop()
        if options.sections.contains(4) {
            log("== 4 codec throughput")
            try CodecSection(options: options, table: table).run()
        }
        if options.sections.contains(5) {
            log("== 5 codegen")
            try CodegenSection(options: options, table: table).run()
        }
        if options.sections.contains(9) {
            log("== 9 compile time of generated code")
            try CompileTimeSection(options: options, table: table).run()
        }
        if options.sections.contains(7) {
            log("== 7 response cache")
            try await CacheSection(options: options, table: table).run()
        }
        if options.sections.contains(10) {
            log("== 10 downloads to a file")
            try await DownloadSection(options: options, table: table).run()
        }
        if options.sections.contains(11) {
            log("== 11 content codings on AsyncHTTPClientTransport")
            try await CodingSection(options: options, table: table).run()
        }
        if options.sections.contains(6) {
            log("== 6 consumer cost")
            try ConsumerSection(options: options, table: table).run()
        }
    }
}
