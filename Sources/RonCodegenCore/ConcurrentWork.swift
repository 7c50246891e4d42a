import Dispatch
import Foundation

/// Work of the generator that falls into independent pieces, spread over the machine's cores.
///
/// A build plugin runs `ron-codegen` as a debug build, and a build after an edit waits for it
/// before any compiler job: on the largest descriptions, translating the operations and rendering
/// the files were about two fifths of a run, on one core of two. The pieces (a document of a
/// folder, a run of lines of a large YAML document, a path item of a Swagger 2.0 document, a named
/// type, an OpenAPI path item, a type's declaration, a file of calls) read shared values and write
/// nothing shared; their results come back in order, so the output is the same, byte for byte,
/// however the pieces were scheduled.
enum ConcurrentWork {
    /// Fewer pieces than this run on the calling thread: threads would cost more than they save.
    static let serialBelow = 8

    /// `body(index)` for every index below `count`, in index order, computed in runs of consecutive
    /// indices on as many threads as there are cores.
    static func map<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard count >= serialBelow, cores > 1 else { return (0..<count).map(body) }
        // A few runs a core, so a core that drew cheap pieces takes another run.
        let runs = min(count, cores * 4)
        let results = Results<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            for index in (run * count / runs)..<((run + 1) * count / runs) {
                results.set(index, body(index))
            }
        }
        return results.take()
    }

    /// The slots of ``map(_:_:)``'s results: each index is written by one run only, then read once
    /// all runs have ended (`concurrentPerform` returns after the last), so no two threads ever
    /// touch the same slot.
    private final class Results<T>: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<T?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        func set(_ index: Int, _ value: T) {
            slots[index] = value
        }

        /// Every result, in order (each slot was set).
        func take() -> [T] {
            slots.map { $0! }
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }
    }
}

/// A value handed to ``ConcurrentWork`` pieces that is not `Sendable` by its type but is only read by
/// them: the translator, of which each piece takes a copy with warnings of its own
/// (``SchemaTranslator/withOwnWarnings()``), so the shared one's are never touched.
struct ReadOnlyShare<Value>: @unchecked Sendable {
    /// The shared value; pieces copy it and never touch its reference-typed parts.
    let value: Value
}
