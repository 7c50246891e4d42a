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

    /// The fields, in order: one array, so a header set costs one allocation.
    private var fields: [Element] = []

    /// No fields.
    public init() {}

    /// No fields, with room for `capacity` of them before the storage grows.
    init(minimumCapacity capacity: Int) {
        fields.reserveCapacity(capacity)
    }

    /// The fields of `dictionary`, sorted by name so the order is stable.
    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) { append(name, value) }
    }

    /// The fields in the order given; a name given twice keeps both fields.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields.reserveCapacity(elements.count)
        for (name, value) in elements { append(name, value) }
    }

    /// The fields of `sequence`, in order.
    public init(_ sequence: some Sequence<(name: String, value: String)>) {
        for (name, value) in sequence { append(name, value) }
    }

    /// How many fields there are (a name with two values counts twice).
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The values of `name` (any case), joined with `", "` as RFC 9110 combines repeated fields; `nil`
    /// when there is none. Setting replaces every field of that name (keeping the position of the
    /// first); setting `nil` removes them.
    public subscript(_ name: String) -> String? {
        get {
            var found: String?
            for field in fields where Self.same(field.name, name) {
                found = found.map { $0 + ", " + field.value } ?? field.value
            }
            return found
        }
        set {
            guard let newValue else {
                remove(name)
                return
            }
            guard let first = fields.firstIndex(where: { Self.same($0.name, name) }) else {
                append(name, newValue)
                return
            }
            fields[first] = (name, newValue)
            var index = fields.count - 1
            while index > first {
                if Self.same(fields[index].name, name) { fields.remove(at: index) }
                index -= 1
            }
        }
    }

    /// Every value of `name` (any case), in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.same($0.name, name) }.map(\.value)
    }

    /// Whether a field named `name` (any case) is present.
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.same($0.name, name) }
    }

    /// Adds a field after the others, even if one of that name exists.
    public mutating func append(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    /// Removes every field named `name` (any case).
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.same($0.name, name) }
    }

    /// Removes every field for which `shouldRemove` is true.
    public mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        fields.removeAll(where: shouldRemove)
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
        fields.makeIterator()
    }

    /// `Name: value` lines.
    public var description: String {
        map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }

    /// Equal when the same fields come in the same order, names compared ignoring case.
    public static func == (lhs: RonHeaders, rhs: RonHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { same($0.name, $1.name) && $0.value == $1.value }
    }

    /// Hashes lowercased names and values, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.name.lowercased())
            hasher.combine(field.value)
        }
    }

    /// ASCII case-insensitive equality of two header names, without allocating.
    ///
    /// Names of different lengths (most pairs) are told apart by their byte counts alone.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        return lhs.utf8.elementsEqual(rhs.utf8) { a, b in
            a == b || (a ^ b == 0x20 && (0x61...0x7A).contains(a | 0x20))
        }
    }
}

extension RonHeaders {
    /// The media type of a `Content-Type` value: its parameters dropped, trimmed, in lower case
    /// (`"Application/JSON; charset=utf-8"` → `"application/json"`); empty for an empty value.
    static func mediaType(_ contentType: String) -> String {
        contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
    }
}
