/// `schemaLists(_:)`: which member names a struct that keeps unlisted members reads itself.
extension SwiftRenderer {
    /// The most member names `schemaLists` compares in a `switch` (more: a set lookup).
    static let switchedMemberNames = 12

    /// A few names: a switch (cheaper than hashing); many: a set (each string pattern costs the
    /// type checker an overload resolution: 4 of Sentry's 59 s).
    func renderSchemaLists(_ listed: [String], collector: String, into w: inout SourceWriter) {
        w.line("/// Whether the struct reads member `name` itself; the others go to ``\(collector)``.")
        w.block("public static func schemaLists(_ name: String) -> Bool") { w in
            if listed.isEmpty {
                w.line("false")
            } else if listed.count > Self.switchedMemberNames {
                w.line("schemaListedNames.contains(name)")
            } else {
                w.block("switch name") { w in
                    w.line("case \(listed.map(SwiftLiteral.string).joined(separator: ", ")): return true")
                    w.line("default: return false")
                }
            }
        }
        if listed.count > Self.switchedMemberNames {
            w.line()
            w.line("/// The member names the struct reads itself.")
            w.line(
                "private static let schemaListedNames: Set<String> = [\(listed.map(SwiftLiteral.string).joined(separator: ", "))]"
            )
        }
        w.line()
    }
}
