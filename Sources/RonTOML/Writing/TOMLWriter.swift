/// Renders a ``TOMLTable`` as a TOML 1.0 document.
///
/// The output is deterministic and parses back to an equal table. Within each table, plain values come first as
/// `key = value` lines in table order, then sub-tables as `[a.b]` sections and arrays of tables as `[[a.b]]`
/// blocks, again in table order. Keys are bare when TOML allows it and quoted otherwise; floats are written in
/// their shortest exact form (`1.0`, `1e+300`, `inf`, `nan`).
public enum TOMLWriter {
    /// The document text for `table`, ending with a newline (empty for an empty table).
    public static func render(_ table: TOMLTable) -> String {
        var output = ""
        renderBody(table, path: [], into: &output)
        return output
    }

    /// How a table entry is written.
    private enum Placement {
        case inline
        case section(TOMLTable)
        case arrayOfTables([TOMLTable])
    }

    private static func placement(of value: TOMLValue) -> Placement {
        switch value {
        case .table(let table):
            return .section(table)
        case .array(let elements) where !elements.isEmpty:
            let tables = elements.compactMap(\.tableValue)
            return tables.count == elements.count ? .arrayOfTables(tables) : .inline
        default:
            return .inline
        }
    }

    private static func renderBody(_ table: TOMLTable, path: [String], into output: inout String) {
        for (key, value) in table {
            if case .inline = placement(of: value) {
                output += TOMLFormat.key(key) + " = " + TOMLFormat.inline(value) + "\n"
            }
        }
        for (key, value) in table {
            let childPath = path + [key]
            let header = childPath.map(TOMLFormat.key).joined(separator: ".")
            switch placement(of: value) {
            case .inline:
                continue
            case .section(let child):
                separate(&output)
                output += "[" + header + "]\n"
                renderBody(child, path: childPath, into: &output)
            case .arrayOfTables(let children):
                for child in children {
                    separate(&output)
                    output += "[[" + header + "]]\n"
                    renderBody(child, path: childPath, into: &output)
                }
            }
        }
    }

    /// A blank line before a section header, unless the document is still empty.
    private static func separate(_ output: inout String) {
        if !output.isEmpty { output += "\n" }
    }
}
