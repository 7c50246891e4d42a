import Foundation

/// One line of the results table.
struct ResultRow: Sendable {
    var section: String
    var measure: String
    var value: String
    var spread: String
    var target: String
    /// `nil` for a reference figure with no target.
    var pass: Bool?
}

/// The rows collected over a run, printed as a Markdown table.
final class ResultTable: @unchecked Sendable {
    private let lock = NSLock()
    private var rows: [ResultRow] = []
    private(set) var notes: [String] = []

    func add(_ row: ResultRow) {
        lock.lock()
        rows.append(row)
        lock.unlock()
        let verdict = row.pass.map { $0 ? "ok" : "MISS" } ?? "-"
        log("  \(row.section) \(row.measure): \(row.value) [\(row.spread)] target \(row.target) \(verdict)")
    }

    func note(_ text: String) {
        lock.lock()
        notes.append(text)
        lock.unlock()
        log("  note: \(text)")
    }

    func markdown() -> String {
        lock.lock()
        defer { lock.unlock() }
        var out = "| # | measure | median | spread (min–max) | target | result |\n"
        out += "| --- | --- | --- | --- | --- | --- |\n"
        for row in rows {
            let verdict = row.pass.map { $0 ? "ok" : "**miss**" } ?? "ref"
            out += "| \(row.section) | \(row.measure) | \(row.value) | \(row.spread) | \(row.target) | \(verdict) |\n"
        }
        if !notes.isEmpty {
            out += "\n"
            for note in notes { out += "- \(note)\n" }
        }
        return out
    }
}

/// Progress lines go to standard error so that standard output holds only the table.
func log(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
