import Foundation

/// Order statistics of a list of measurements.
struct Samples: Sendable {
    private(set) var values: [Double]

    init(_ values: [Double] = []) {
        self.values = values
    }

    mutating func add(_ value: Double) {
        values.append(value)
    }

    /// The value below which `fraction` of the samples fall (nearest rank), or `nan` when empty.
    func percentile(_ fraction: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var median: Double { percentile(0.5) }
    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }

    /// `min–max` with `digits` decimals.
    func spread(_ digits: Int) -> String {
        "\(Format.fixed(minimum, digits))–\(Format.fixed(maximum, digits))"
    }
}

/// Number formatting for the table.
enum Format {
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "n/a" }
        return String(format: "%.\(digits)f", value)
    }

    static func grouped(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        let whole = Int(value.rounded())
        let digits = String(abs(whole))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return whole < 0 ? "-" + out : out
    }
}

/// Monotonic nanoseconds.
enum Clock {
    static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
