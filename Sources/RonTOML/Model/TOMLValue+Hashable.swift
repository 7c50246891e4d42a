extension TOMLValue: Hashable {
    /// Compares two values; `nan` equals `nan` and tables compare without regard to key order.
    public static func == (lhs: TOMLValue, rhs: TOMLValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)):
            return left == right
        case (.integer(let left), .integer(let right)):
            return left == right
        case (.float(let left), .float(let right)):
            return left == right || (left.isNaN && right.isNaN)
        case (.boolean(let left), .boolean(let right)):
            return left == right
        case (.dateTime(let left), .dateTime(let right)):
            return left == right
        case (.array(let left), .array(let right)):
            return left == right
        case (.table(let left), .table(let right)):
            return left == right
        default:
            return false
        }
    }

    /// Hashes the value consistently with ``==(_:_:)`` (every `nan` hashes alike).
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .string(let value):
            hasher.combine(0)
            hasher.combine(value)
        case .integer(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .float(let value):
            hasher.combine(2)
            if value.isNaN {
                hasher.combine(Double.nan.bitPattern)
            } else {
                hasher.combine(value)
            }
        case .boolean(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .dateTime(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .array(let value):
            hasher.combine(5)
            hasher.combine(value)
        case .table(let value):
            hasher.combine(6)
            hasher.combine(value)
        }
    }
}
