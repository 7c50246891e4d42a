/// An ordered TOML table: keys keep the order in which they were first inserted (document order when parsed).
///
/// Equality and hashing ignore key order, as TOML tables are unordered maps; iteration, ``keys`` and the writer
/// follow the stored order.
public struct TOMLTable: Sendable {
    private var entries: [(key: String, value: TOMLValue)] = []
    private var positions: [String: Int] = [:]

    /// Creates an empty table.
    public init() {}

    /// Creates a table from key/value pairs in order; a repeated key keeps its first position and last value.
    public init(_ pairs: [(String, TOMLValue)]) {
        for (key, value) in pairs {
            self[key] = value
        }
    }

    /// The keys in order.
    public var keys: [String] { entries.map(\.key) }

    /// The `(key, value)` pairs in order.
    public var pairs: [(key: String, value: TOMLValue)] { entries }

    /// The values in key order.
    public var values: [TOMLValue] { entries.map(\.value) }

    /// The number of keys.
    public var count: Int { entries.count }

    /// Whether the table has no keys.
    public var isEmpty: Bool { entries.isEmpty }

    /// Whether the table holds `key`.
    public func contains(_ key: String) -> Bool { positions[key] != nil }

    /// The value for `key`. Setting a new key appends it; setting an existing key replaces the value in place;
    /// setting `nil` removes the key.
    public subscript(key: String) -> TOMLValue? {
        get {
            guard let position = positions[key] else { return nil }
            return entries[position].value
        }
        set {
            if let position = positions[key] {
                if let newValue {
                    entries[position].value = newValue
                } else {
                    entries.remove(at: position)
                    positions[key] = nil
                    for index in position..<entries.count {
                        positions[entries[index].key] = index
                    }
                }
            } else if let newValue {
                positions[key] = entries.count
                entries.append((key: key, value: newValue))
            }
        }
    }

    /// The value at a dotted path of keys, walking through nested tables; `nil` when any step is missing.
    public subscript(path path: [String]) -> TOMLValue? {
        guard let first = path.first, let head = self[first] else { return nil }
        if path.count == 1 { return head }
        guard case .table(let inner) = head else { return nil }
        return inner[path: Array(path.dropFirst())]
    }
}
