import RonTOML

/// A deterministic generator of random tables, documents and garbage, driven by a 64-bit seed (SplitMix64).
struct RandomTOML {
    private var state: UInt64

    init(seed: Int64) {
        state = UInt64(bitPattern: seed)
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func key() -> String {
        let pool = ["id", "name", "a-b", "x_1", "", "with space", "quo\"te", "dot.ted", "ünï", "tab\t", "9", "true"]
        return below(3) == 0 ? pool[below(pool.count)] : "k\(below(40))"
    }

    mutating func string() -> String {
        let pieces = ["plain", "\"", "\\", "\n", "\r\n", "\t", "\u{01}", "\u{7F}", "é", "𝄞", "'''", "\"\"\"", " ", "#"]
        return (0..<below(5)).map { _ in pieces[below(pieces.count)] }.joined()
    }

    mutating func float() -> Double {
        let specials: [Double] = [
            0, -0.0, 1, -1.5, .infinity, -.infinity, .nan, 1e300, .leastNonzeroMagnitude, 0.1, 1e16, 123.456,
        ]
        if below(2) == 0 { return specials[below(specials.count)] }
        return Double(bitPattern: next() & 0xFFEF_FFFF_FFFF_FFFF)
    }

    mutating func dateTime() -> TOMLDateTime {
        let texts = [
            "1979-05-27T07:32:00Z", "1979-05-27 07:32:00.999999-07:00", "1979-05-27T00:32:00", "1979-05-27",
            "07:32:00", "00:32:00.5", "2000-02-29t23:59:60z",
        ]
        let valid = texts.compactMap { try? TOMLDateTime($0) }
        return valid[below(valid.count)]
    }

    mutating func value(depth: Int) -> TOMLValue {
        switch below(depth > 3 ? 6 : 9) {
        case 0: return .string(string())
        case 1: return .integer(Int64(bitPattern: next()) >> Int64(below(64)))
        case 2: return .float(float())
        case 3: return .boolean(below(2) == 0)
        case 4: return .dateTime(dateTime())
        case 5: return .integer(Int64(below(1000)))
        case 6: return .array((0..<below(4)).map { _ in value(depth: depth + 1) })
        case 7: return .array((0..<(1 + below(3))).map { _ in .table(table(depth: depth + 1)) })
        default: return .table(table(depth: depth + 1))
        }
    }

    mutating func table(depth: Int = 0) -> TOMLTable {
        var table = TOMLTable()
        for _ in 0..<(depth == 0 ? 2 + below(6) : below(4)) {
            table[key()] = value(depth: depth)
        }
        return table
    }

    /// Bytes that look a little like TOML, with random damage.
    mutating func garbage() -> [UInt8] {
        let fragments = [
            "[", "]", "[[", "]]", "{", "}", "=", "\"", "'", "\"\"\"", "'''", "\\", "\\u", "\n", "\r", "\r\n", "#", ".",
            ",", "a", "1", "0x", "1e", "-", "+", "inf", "nan", "true", "1979-05-27", "T07:32:00", "Z", " ", "\t",
            "_", ":", "é",
        ]
        var bytes: [UInt8] = []
        for _ in 0..<below(60) {
            if below(8) == 0 {
                bytes.append(UInt8(truncatingIfNeeded: next()))
            } else {
                bytes.append(contentsOf: Array(fragments[below(fragments.count)].utf8))
            }
        }
        return bytes
    }
}
