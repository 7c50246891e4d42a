import Foundation

/// User plus system CPU time, from `getrusage`.
enum CPUTime {
    /// Whose time: this process, or the child processes it has waited for.
    enum Who {
        case this, children
    }

    /// The CPU time of `who` so far, in microseconds.
    static func microseconds(_ who: Who = .this) -> Int {
        var usage = rusage()
        #if os(Linux)
            getrusage((who == .this ? RUSAGE_SELF : RUSAGE_CHILDREN).rawValue, &usage)
        #else
            getrusage(who == .this ? RUSAGE_SELF : RUSAGE_CHILDREN, &usage)
        #endif
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000
            + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    }
}
