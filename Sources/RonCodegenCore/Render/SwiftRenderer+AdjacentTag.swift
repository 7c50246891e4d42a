/// An adjacently tagged enum: `{"t": "Variant", "c": data}` on the wire.
extension SwiftRenderer {
    func renderAdjacentlyTagged(
        _ type: NamedType, tag: String, content: String, variants: [ExternalVariant], into writer: inout SourceWriter
    ) {
        writer.block(enumDeclaration(type)) { w in
            for variant in variants {
                renderVariantCase(
                    swiftName: variant.swiftName, payload: variant.payload, documentation: variant.documentation,
                    wire: "`\(tag)` is `\(variant.tag)`.", into: &w)
            }
            w.line("/// A variant this version of the schema does not know, as it came; it re-encodes unchanged.")
            w.line("case unknown(JSONValue)")
            renderTagFit(type, member: tag, tags: variants.map(\.tag), into: &w)
            w.line()
            w.line("private static let tagKey = SchemaVariantKey(stringValue: \(SwiftLiteral.string(tag)))")
            w.line("private static let contentKey = SchemaVariantKey(stringValue: \(SwiftLiteral.string(content)))")
            w.line()
            w.line("/// Decodes the variant the tag member names, with its data from the content member.")
            w.block("public init(from decoder: any Decoder) throws") { w in
                w.line("let container = try decoder.container(keyedBy: SchemaVariantKey.self)")
                w.line("let name = try? container.decode(String.self, forKey: Self.tagKey)")
                w.block("switch name") { w in
                    for variant in variants {
                        let value = variant.payload.map { "(\(decodeExpression($0, key: "Self.contentKey")))" } ?? ""
                        w.line(
                            "case \(SwiftLiteral.string(variant.tag)): self = .\(Naming.escaped(variant.swiftName))\(value)"
                        )
                    }
                    w.line("default: self = .unknown(try JSONValue(from: decoder))")
                }
            }
            w.line()
            w.line("/// Encodes the tag member and, for a variant with data, the content member.")
            w.block("public func encode(to encoder: any Encoder) throws") { w in
                w.block("switch self") { w in
                    for variant in variants {
                        let spelled = Naming.escaped(variant.swiftName)
                        w.line("case .\(spelled)\(variant.payload == nil ? "" : "(let payload)"):")
                        w.line("    var container = encoder.container(keyedBy: SchemaVariantKey.self)")
                        w.line("    try container.encode(\(SwiftLiteral.string(variant.tag)), forKey: Self.tagKey)")
                        if let payload = variant.payload {
                            w.line(
                                "    try container.encode(\(payloadToWire(codedPayload(payload), "payload")), forKey: Self.contentKey)"
                            )
                        }
                    }
                    w.line("case .unknown(let value):")
                    w.line("    try value.encode(to: encoder)")
                }
            }
        }
    }
}
