extension TOMLTable: Hashable {
    /// Two tables are equal when they hold the same keys with equal values, in any order.
    public static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    /// Hashes the table independently of key order.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in self {
            var entryHasher = Hasher()
            entryHasher.combine(key)
            entryHasher.combine(value)
            combined ^= entryHasher.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
