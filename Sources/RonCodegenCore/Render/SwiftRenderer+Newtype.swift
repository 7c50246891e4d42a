/// A newtype struct: one value that is the whole wire form.
extension SwiftRenderer {
    func renderNewtype(_ type: NamedType, target: TypeReference, into writer: inout SourceWriter) {
        let spelled = TypeSpelling.swift(target)
        writer.block("public struct \(type.name): \(conformanceList(type, ["Codable", "Hashable", "Sendable"]))") {
            w in
            w.line("/// The value; it is the whole wire form.")
            w.line("public var value: \(spelled)")
            w.line()
            w.line("/// Wraps `value`.")
            w.block("public init(_ value: \(spelled))") { w in
                w.line("self.value = value")
            }
            w.line()
            w.line("/// Decodes the value itself.")
            w.block("public init(from decoder: any Decoder) throws") { w in
                let wire = TypeSpelling.wire(target) ?? spelled
                w.line(
                    "self.value = \(TypeSpelling.fromWire(target, "try decoder.singleValueContainer().decode(\(wire).self)"))"
                )
            }
            w.line()
            w.line("/// Encodes the value itself.")
            w.block("public func encode(to encoder: any Encoder) throws") { w in
                w.line("var container = encoder.singleValueContainer()")
                w.line("try container.encode(\(TypeSpelling.toWire(target, "value")))")
            }
            renderNewtypeFit(type, target: target, into: &w)
        }
    }
}
