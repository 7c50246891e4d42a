import RonGenerated

/// The first place where two JSON values differ, as a path and a sentence.
///
/// Values are compared as the wire would read them: object members that are `null` count as
/// absent (the generated types omit `nil` optionals, serde writes `null`), numbers compare by
/// value, and everything else must be equal.
enum JSONDifference {
    static func first(expected: JSONValue, actual: JSONValue, path: String = "$") -> String? {
        switch (normalized(expected), normalized(actual)) {
        case (.object(let left), .object(let right)):
            for key in Set(left.keys).union(right.keys).sorted() {
                let memberPath = "\(path).\(key)"
                switch (left[key], right[key]) {
                case (let l?, let r?):
                    if let difference = first(expected: l, actual: r, path: memberPath) { return difference }
                case (let l?, nil):
                    return
                        "field \(memberPath): the fixture has \(CanonicalJSON.render(l)) but the re-encoded value has no such member"
                case (nil, let r?):
                    return
                        "field \(memberPath): the re-encoded value has \(CanonicalJSON.render(r)) that the fixture does not"
                case (nil, nil):
                    continue
                }
            }
            return nil
        case (.array(let left), .array(let right)):
            guard left.count == right.count else {
                return "field \(path): the fixture has \(left.count) elements, the re-encoded value \(right.count)"
            }
            for (offset, pair) in zip(left, right).enumerated() {
                if let difference = first(expected: pair.0, actual: pair.1, path: "\(path)[\(offset)]") {
                    return difference
                }
            }
            return nil
        case (let left, let right):
            if sameNumber(left, right) || left == right { return nil }
            return
                "field \(path): the fixture has \(CanonicalJSON.render(left)), the re-encoded value \(CanonicalJSON.render(right))"
        }
    }

    /// Drops `null` members of objects.
    static func normalized(_ value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return value }
        return .object(members.filter { $0.value != .null })
    }

    private static func sameNumber(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.integer(let a), .double(let b)), (.double(let b), .integer(let a)):
            return Double(a) == b && Int64(exactly: b) == a
        case (.unsigned(let a), .double(let b)), (.double(let b), .unsigned(let a)): return UInt64(exactly: b) == a
        default: return false
        }
    }
}
