/// A mutable table under construction, remembering how it came to exist so redefinitions can be rejected.
final class TableNode {
    /// How a table was created.
    enum Origin {
        /// Created as the parent of a `[a.b]` header or of an `[[a.b]]` header; may still be defined once.
        case implicit
        /// Defined by its own `[header]` or `[[header]]` (or the root table).
        case header
        /// Created by a dotted key such as `a.b = 1`.
        case dotted
    }

    /// One slot of a table.
    enum Child {
        case value(TOMLValue)
        case table(TableNode)
        case arrayOfTables(ArrayOfTablesNode)
    }

    var origin: Origin
    let depth: Int
    private(set) var order: [String] = []
    private(set) var children: [String: Child] = [:]

    init(origin: Origin, depth: Int) {
        self.origin = origin
        self.depth = depth
    }

    subscript(key: String) -> Child? { children[key] }

    func add(_ key: String, _ child: Child) {
        if children[key] == nil { order.append(key) }
        children[key] = child
    }

    /// The finished, immutable table (iterative over siblings, recursive only in depth, which is bounded).
    func makeTable() -> TOMLTable {
        var table = TOMLTable()
        for key in order {
            switch children[key] {
            case .value(let value):
                table[key] = value
            case .table(let node):
                table[key] = .table(node.makeTable())
            case .arrayOfTables(let array):
                table[key] = .array(array.tables.map { .table($0.makeTable()) })
            case nil:
                break
            }
        }
        return table
    }
}

/// An array of tables built by `[[header]]` blocks; unlike a static array it may be appended to.
final class ArrayOfTablesNode {
    var tables: [TableNode]

    init(first: TableNode) {
        tables = [first]
    }
}
