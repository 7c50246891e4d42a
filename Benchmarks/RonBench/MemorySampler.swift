import Foundation

/// Reads this process's resident set size.
enum ResidentMemory {
    /// `VmRSS` from `/proc/self/status` in bytes, or `nil` where there is no procfs.
    static func bytes() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            let digits = line.split(separator: " ").compactMap { Int($0) }
            return digits.first.map { $0 * 1024 }
        }
        return nil
    }
}
