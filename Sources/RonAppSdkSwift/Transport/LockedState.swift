#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value behind a mutex, both in one allocation: for the objects a call makes or touches on every
/// request (its race, the client's closed flag). Copies share the value and the lock.
///
/// `NSLock` is a class of its own around a separately allocated mutex on Linux, reached through
/// dynamic dispatch: about twice the instructions per lock and two more allocations per object
/// than this (measured with callgrind, BENCHMARKS.md "Where the client core's time goes").
struct LockedState<State: Sendable>: @unchecked Sendable {
    private final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }

    private let storage: Storage

    /// A new lock around `initial`.
    init(_ initial: State) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in initial }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with the state while holding the lock.
    @inline(__always)
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }
}
