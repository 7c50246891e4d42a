/// What the enums with payloads (untagged, externally, adjacently and internally tagged) write alike.
extension SwiftRenderer {
    /// `public [indirect] enum Name: Codable, Hashable, Sendable[, …]`.
    func enumDeclaration(_ type: NamedType) -> String {
        "\(enumKeyword(type)) \(type.name): \(conformanceList(type, ["Codable", "Hashable", "Sendable"]))"
    }

    /// One variant's `case`: the schema's documentation of it, then `wire` (its form on the wire).
    func renderVariantCase(
        swiftName: String, payload: TypeReference?, documentation: String?, wire: String,
        into w: inout SourceWriter
    ) {
        if documentation != nil {
            w.documentation(documentation)
            w.line("///")
        }
        w.documentation(wire)
        w.line("case \(Naming.escaped(swiftName))" + (payload.map { "(\(TypeSpelling.swift($0)))" } ?? ""))
    }
}
