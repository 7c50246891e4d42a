/// A tuple: a struct with positional members `_0`, `_1`, … that is a JSON array of exactly that
/// length on the wire. Elements that hold date-times keep their texts in a `SchemaPresence`, as a
/// struct's members do, numbered by position.
extension SwiftRenderer {
    func renderTuple(_ type: NamedType, elements: [TupleElement], into writer: inout SourceWriter) {
        let keepsTexts = elements.contains { TypeSpelling.holdsTimestamp($0.type) }
        writer.block("public struct \(type.name): \(conformanceList(type, ["Codable", "Hashable", "Sendable"]))") {
            w in
            for (offset, element) in elements.enumerated() {
                w.documentation(element.documentation ?? "Element \(offset) of the array.")
                w.line("public var _\(offset): \(spelling(element))")
                w.line()
            }
            if keepsTexts {
                w.line("/// The texts of the date-times the value was decoded from, so that encoding writes them back;")
                w.line("/// never compared.")
                w.line("var schemaPresence = SchemaPresence()")
                w.line()
            }
            w.line("/// Creates a value from its elements, in order.")
            let parameters = elements.enumerated().map { "_ _\($0.offset): \(spelling($0.element))" }
            w.block("public init(\(parameters.joined(separator: ", ")))") { w in
                for offset in elements.indices {
                    w.line("self._\(offset) = _\(offset)")
                }
            }
            w.line()
            w.line("/// Decodes an array of exactly \(elements.count) elements; another length is an error.")
            w.block("public init(from decoder: any Decoder) throws") { w in
                w.line("var container = try decoder.unkeyedContainer()")
                w.block("guard container.count == \(elements.count) else") { w in
                    w.line("throw DecodingError.dataCorrupted(")
                    w.line("    DecodingError.Context(")
                    w.line("        codingPath: container.codingPath,")
                    w.line(
                        "        debugDescription: \"Expected an array of \(elements.count) elements for \(type.name), got \\(container.count.map(String.init) ?? \"another length\").\"))"
                    )
                }
                if keepsTexts { w.line("var presence = SchemaPresence()") }
                for (offset, element) in elements.enumerated() {
                    var value = decodeElement(element.type)
                    if TypeSpelling.holdsTimestamp(element.type), let wire = TypeSpelling.wire(element.type) {
                        value = "presence.keeping(\(offset), try container.decode(\(wire).self))"
                    }
                    if element.nullable {
                        w.line("self._\(offset) = try container.decodeNil() ? nil : \(value)")
                    } else {
                        w.line("self._\(offset) = \(value)")
                    }
                }
                if keepsTexts { w.line("self.schemaPresence = presence") }
            }
            w.line()
            w.line("/// Encodes the elements as one array.")
            w.block("public func encode(to encoder: any Encoder) throws") { w in
                w.line("var container = encoder.unkeyedContainer()")
                for (offset, element) in elements.enumerated() {
                    if TypeSpelling.holdsTimestamp(element.type), let wire = TypeSpelling.wire(element.type) {
                        // The text each date-time came as, while it still names the value.
                        let call = element.nullable ? "wireIfPresent" : "wire"
                        w.line(
                            "try container.encode(self.schemaPresence.\(call)(\(offset), _\(offset), as: \(wire).self))"
                        )
                    } else if element.nullable {
                        // An optional is written as its value or `null`.
                        let value =
                            TypeSpelling.wire(element.type) != nil
                            ? "_\(offset).map { \(TypeSpelling.toWire(element.type, "$0")) }" : "_\(offset)"
                        w.line("try container.encode(\(value))")
                    } else {
                        w.line("try container.encode(\(TypeSpelling.toWire(element.type, "_\(offset)")))")
                    }
                }
            }
        }
    }

    private func spelling(_ element: TupleElement) -> String {
        TypeSpelling.swift(element.type) + (element.nullable ? "?" : "")
    }

    /// Reads the next element, integers with their exact range check.
    private func decodeElement(_ type: TypeReference) -> String {
        if TypeSpelling.isInteger(type) {
            return "try container.decodeInteger(\(TypeSpelling.swift(type)).self)"
        }
        let wire = TypeSpelling.wire(type) ?? TypeSpelling.swift(type)
        return TypeSpelling.fromWire(type, "try container.decode(\(wire).self)")
    }
}
