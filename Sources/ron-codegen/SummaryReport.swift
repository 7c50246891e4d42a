import Foundation
import RonCodegenCore

/// A ``GenerationSummary`` as the lines `ron-codegen` prints on standard error after a run.
///
/// Nothing left out: one plain note line (`note: ron-codegen: 12 of 12 operations generated, …`).
/// Something left out: the compilers' warning form, so the build log and Xcode show it
/// (`<file>: warning: ron-codegen: 0 of 659 operations generated, 659 left out; …`), then one
/// `<file>: note:` line a kind of thing left out with its first reasons and where the rest are. A
/// run that fails says `error:` instead of `warning:` and why.
enum SummaryReport {
    /// How many reasons a line shows.
    static let reasonsShown = 3

    /// The lines for `summary` of the schema folder `schema`; `failing` makes the first an error
    /// (a failing summary is always one); `rest` says where every warning can be read.
    static func lines(_ summary: GenerationSummary, schema: URL, failing: Bool = false, rest: String) -> [String] {
        let failure = summary.failure
        let counts = headline(summary)
        guard summary.leavesOut || failure != nil || failing else {
            return ["note: ron-codegen: \(counts), nothing left out"]
        }
        let level = failure != nil || failing ? "error" : "warning"
        let file = place(summary, schema: schema)
        var lines = ["\(file): \(level): ron-codegen: \(counts)" + (failure.map { "; fails: \($0)" } ?? "")]
        if summary.leftOutOperations > 0 {
            lines.append(
                detail(
                    "\(summary.leftOutOperations) operation\(summary.leftOutOperations == 1 ? "" : "s") left out",
                    summary.operationNotes, file: file, rest: rest))
        }
        if !summary.anyJSON.isEmpty {
            lines.append(
                detail(
                    "\(summary.anyJSON.count) place\(summary.anyJSON.count == 1 ? "" : "s") kept as any JSON",
                    summary.anyJSON, file: file, rest: rest))
        }
        if !summary.leftOut.isEmpty {
            lines.append(
                detail(
                    "\(summary.leftOut.count) place\(summary.leftOut.count == 1 ? "" : "s") skipped",
                    summary.leftOut, file: file, rest: rest))
        }
        return lines
    }

    /// The counts: operations declared and generated (and kept), types, places.
    static func headline(_ summary: GenerationSummary) -> String {
        var parts: [String] = []
        if summary.readsOperations {
            var operations =
                "\(summary.generatedOperations) of \(summary.declaredOperations) operation\(summary.declaredOperations == 1 ? "" : "s") generated"
            if summary.leftOutOperations > 0 { operations += " (\(summary.leftOutOperations) left out)" }
            if let kept = summary.keptOperations { operations += ", \(kept) kept by ron-codegen.json" }
            parts.append(operations)
        } else if summary.declaredOperations > 0 {
            parts.append("\(summary.declaredOperations) operations declared, not read (types only)")
        }
        parts.append("\(summary.types) type\(summary.types == 1 ? "" : "s") generated")
        if !summary.anyJSON.isEmpty { parts.append("\(summary.anyJSON.count) kept as any JSON") }
        if !summary.leftOut.isEmpty {
            parts.append("\(summary.leftOut.count) place\(summary.leftOut.count == 1 ? "" : "s") skipped")
        }
        if !summary.nearestForm.isEmpty { parts.append("\(summary.nearestForm.count) read in their nearest form") }
        return parts.joined(separator: ", ")
    }

    /// The file the summary is about: the document with the most operations left out, else the one
    /// that declares the most, else the schema folder.
    static func place(_ summary: GenerationSummary, schema: URL) -> String {
        let document =
            summary.documents.max {
                ($0.declared - $0.generated, $0.declared) < ($1.declared - $1.generated, $1.declared)
            }
        return document.map { schema.appending(path: $0.path).path } ?? schema.path
    }

    /// `<file>: note: <what>: <first reasons>; and N more (<rest>)`.
    static func detail(_ what: String, _ notes: [CodegenError], file: String, rest: String) -> String {
        var line = "\(file): note: \(what)"
        if !notes.isEmpty {
            line +=
                ": "
                + notes.prefix(reasonsShown).map { note in
                    "\(note.file)\(note.pointer.isEmpty ? "" : " at \(note.pointer)"): \(note.message)"
                }.joined(separator: " | ")
        }
        if notes.count > reasonsShown {
            line += " | and \(notes.count - reasonsShown) more; \(rest)"
        } else {
            line += " (\(rest))"
        }
        return line
    }
}
