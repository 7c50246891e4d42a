/// A unit struct: JSON `null` on the wire.
extension SwiftRenderer {
    func renderUnit(_ type: NamedType, into writer: inout SourceWriter) {
        writer.block("public struct \(type.name): \(conformanceList(type, ["Codable", "Hashable", "Sendable"]))") {
            w in
            w.line("/// The value.")
            w.line("public init() {}")
            w.line()
            w.line("/// Decodes `null`; anything else is an error.")
            w.block("public init(from decoder: any Decoder) throws") { w in
                w.line("let container = try decoder.singleValueContainer()")
                w.block("guard container.decodeNil() else") { w in
                    w.line(
                        "throw DecodingError.dataCorruptedError(in: container, debugDescription: \"\(type.name) is null on the wire.\")"
                    )
                }
            }
            w.line()
            w.line("/// Encodes `null`.")
            w.block("public func encode(to encoder: any Encoder) throws") { w in
                w.line("var container = encoder.singleValueContainer()")
                w.line("try container.encodeNil()")
            }
        }
    }
}
