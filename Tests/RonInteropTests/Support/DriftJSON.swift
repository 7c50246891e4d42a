import Foundation

/// Reads the report of `ron drift --format json`: an array with one object per operation.
enum DriftJSON {
    /// Each operation's entry with its text members only (`operation`, `outcome`, `pointer`, ...).
    static func entries(_ output: String) -> [[String: String]] {
        objects(output).map { $0.compactMapValues { $0 as? String } }
    }

    /// The `problems` of the entry of `operation` (each `pointer`, `expected`, `got`), or none.
    static func problems(_ output: String, of operation: String) -> [[String: String]] {
        let entry = objects(output).first { $0["operation"] as? String == operation }
        return (entry?["problems"] as? [[String: Any]] ?? []).map { $0.compactMapValues { $0 as? String } }
    }

    private static func objects(_ output: String) -> [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [[String: Any]] ?? []
    }
}
