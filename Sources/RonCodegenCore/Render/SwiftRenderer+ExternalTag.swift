/// An externally tagged enum: `"Unit"` or `{"Variant": data}` on the wire.
extension SwiftRenderer {
    func renderExternallyTagged(_ type: NamedType, variants: [ExternalVariant], into writer: inout SourceWriter) {
        writer.block(enumDeclaration(type)) { w in
            for variant in variants {
                renderVariantCase(
                    swiftName: variant.swiftName, payload: variant.payload, documentation: variant.documentation,
                    wire: variant.payload == nil
                        ? "`\"\(variant.tag)\"` on the wire." : "`{\"\(variant.tag)\": …}` on the wire.",
                    into: &w)
            }
            w.line("/// A variant this version of the schema does not know, as it came; it re-encodes unchanged.")
            w.line("case unknown(JSONValue)")
            renderTagFit(type, member: nil, tags: variants.map(\.tag), into: &w)
            w.line()
            w.line("/// Decodes a unit variant from its name, or a variant with data from a one-member object.")
            w.block("public init(from decoder: any Decoder) throws") { w in
                w.block("if let name = try? decoder.singleValueContainer().decode(String.self)") { w in
                    w.block("switch name") { w in
                        for variant in variants where variant.payload == nil {
                            w.line(
                                "case \(SwiftLiteral.string(variant.tag)): self = .\(Naming.escaped(variant.swiftName))"
                            )
                        }
                        w.line("default: self = .unknown(.string(name))")
                    }
                    w.line("return")
                }
                w.line("let container = try decoder.container(keyedBy: SchemaVariantKey.self)")
                w.block("guard container.allKeys.count == 1, let key = container.allKeys.first else") { w in
                    w.line("self = .unknown(try JSONValue(from: decoder))")
                    w.line("return")
                }
                w.block("switch key.stringValue") { w in
                    for variant in variants {
                        guard let payload = variant.payload else { continue }
                        w.line("case \(SwiftLiteral.string(variant.tag)):")
                        w.line("    self = .\(Naming.escaped(variant.swiftName))(\(decodeExpression(payload)))")
                    }
                    w.line("default: self = .unknown(try JSONValue(from: decoder))")
                }
            }
            w.line()
            w.line("/// Encodes a unit variant as its name, a variant with data as a one-member object.")
            w.block("public func encode(to encoder: any Encoder) throws") { w in
                w.block("switch self") { w in
                    for variant in variants {
                        let spelled = Naming.escaped(variant.swiftName)
                        let tag = SwiftLiteral.string(variant.tag)
                        if let payload = variant.payload {
                            w.line("case .\(spelled)(let payload):")
                            w.line("    var container = encoder.container(keyedBy: SchemaVariantKey.self)")
                            w.line(
                                "    try container.encode(\(payloadToWire(codedPayload(payload), "payload")), forKey: SchemaVariantKey(stringValue: \(tag)))"
                            )
                        } else {
                            w.line("case .\(spelled):")
                            w.line("    var container = encoder.singleValueContainer()")
                            w.line("    try container.encode(\(tag))")
                        }
                    }
                    w.line("case .unknown(let value):")
                    w.line("    try value.encode(to: encoder)")
                }
            }
        }
    }

    /// Reads a variant's data from `container` at `key`, integers with their exact range check, an
    /// alias of a date-time or of bytes through its wire form.
    func decodeExpression(_ payload: TypeReference, key: String = "key") -> String {
        if TypeSpelling.isInteger(payload) {
            return "try container.decodeInteger(\(TypeSpelling.swift(payload)).self, forKey: \(key))"
        }
        let coded = codedPayload(payload)
        let wire = TypeSpelling.wire(coded) ?? TypeSpelling.swift(coded)
        return payloadFromWire(coded, "try container.decode(\(wire).self, forKey: \(key))")
    }
}
