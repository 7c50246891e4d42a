/// HTTP header fields: ordered, multi-valued, and looked up by name ignoring ASCII case, while each
/// field keeps the spelling it was given.
///
/// The one header type of the SDK: requests, responses, transports, middleware, hooks and events all
/// use it, so no code compares names by hand. It behaves like swift-http-types' `HTTPFields` without
/// the dependency.
///
/// ```swift
/// var headers: RonHeaders = ["Accept": "application/json"]
/// headers.append("Set-Cookie", "a=1")
/// headers.append("set-cookie", "b=2")
/// headers["ACCEPT"]                 // "application/json"
/// headers.values(for: "Set-Cookie") // ["a=1", "b=2"]
/// headers["x-missing"] = nil        // removes every field of that name
/// ```
public struct RonHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One field: a name as written and its value.
    public typealias Element = (name: String, value: String)

    private var names: [String] = []
    private var values: [String] = []

    /// No fields.
    public init() {}

    /// The fields of `dictionary`, sorted by name so the order is stable.
    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) { append(name, value) }
    }

    /// The fields in the order given; a name given twice keeps both fields.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { append(name, value) }
    }

    /// The fields of `sequence`, in order.
    public init(_ sequence: some Sequence<(name: String, value: String)>) {
        for (name, value) in sequence { append(name, value) }
    }

    /// How many fields there are (a name with two values counts twice).
    public var count: Int { names.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { names.isEmpty }

    /// The values of `name` (any case), joined with `", "` as RFC 9110 combines repeated fields; `nil`
    /// when there is none. Setting replaces every field of that name (keeping the position of the
    /// first); setting `nil` removes them.
    public subscript(_ name: String) -> String? {
        get {
            var found: String?
            for index in names.indices where Self.same(names[index], name) {
                found = found.map { $0 + ", " + values[index] } ?? values[index]
            }
            return found
        }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            guard let first = names.firstIndex(where: { Self.same($0, name) }) else {
                append(name, newValue)
                return
            }
            names[first] = name
            values[first] = newValue
            var index = names.count - 1
            while index > first {
                if Self.same(names[index], name) {
                    names.remove(at: index)
                    values.remove(at: index)
                }
                index -= 1
            }
        }
    }

    /// Every value of `name` (any case), in order.
    public func values(for name: String) -> [String] {
        names.indices.filter { Self.same(names[$0], name) }.map { values[$0] }
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        names.contains { Self.same($0, name) }
    }

    /// Adds a field after the others, even if one of that name exists.
    public mutating func append(_ name: String, _ value: String) {
        names.append(name)
        values.append(value)
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(_ name: String) {
        var index = names.count - 1
        while index >= 0 {
            if Self.same(names[index], name) {
                names.remove(at: index)
                values.remove(at: index)
            }
            index -= 1
        }
    }

    /// Removes every field for which `shouldRemove` is true.
    public mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        var index = names.count - 1
        while index >= 0 {
            if shouldRemove((names[index], values[index])) {
                names.remove(at: index)
                values.remove(at: index)
            }
            index -= 1
        }
    }

    /// The fields as a dictionary keyed by lowercased name, repeated fields joined with `", "`.
    public var dictionary: [String: String] {
        var out: [String: String] = [:]
        for (name, value) in self {
            let key = name.lowercased()
            out[key] = out[key].map { $0 + ", " + value } ?? value
        }
        return out
    }

    /// Iterates the fields in order.
    public func makeIterator() -> some IteratorProtocol<Element> {
        zip(names, values).lazy.map { (name: $0, value: $1) }.makeIterator()
    }

    /// `Name: value` lines.
    public var description: String {
        map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// Equal when the same fields come in the same order, names compared ignoring case.
    public static func == (lhs: RonHeaders, rhs: RonHeaders) -> Bool {
        lhs.count == rhs.count
            && lhs.names.indices.allSatisfy { same(lhs.names[$0], rhs.names[$0]) && lhs.values[$0] == rhs.values[$0] }
    }

    /// Hashes lowercased names and values, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(names.count)
        for index in names.indices {
            hasher.combine(names[index].lowercased())
            hasher.combine(values[index])
        }
    }

    /// ASCII case-insensitive equality of two header names, without allocating.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let a?, let b?):
                if a == b { continue }
                let lowerA = (0x41...0x5A).contains(a) ? a | 0x20 : a
                let lowerB = (0x41...0x5A).contains(b) ? b | 0x20 : b
                if lowerA != lowerB { return false }
            default: return false
            }
        }
    }
}
